import { makeStyles, tokens } from '@fluentui/react-components';

/** What the results screens lay out alike: the page's column, and the headings under its title. */
export const useResultsPageStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  headings: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > p': { margin: 0 },
  },
});
