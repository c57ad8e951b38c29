import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * What the results screens lay out alike: the page's column, the headings under its title, and the
 * row of filters above a list.
 */
export const useResultsPageStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  headings: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > p': { margin: 0 },
  },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    marginBlock: tokens.spacingVerticalM,
  },
});
