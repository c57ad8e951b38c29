import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A screen's column, spaced and padded alike on every screen of every area: `page` lays its parts
 * one under another; `reading` keeps a page of text to a readable width, centred; `narrow` is the
 * short centred column of the login, password and similar screens.
 */
export const usePageStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  reading: { maxWidth: '760px', margin: '0 auto' },
  narrow: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '420px',
    margin: '0 auto',
    paddingBlock: tokens.spacingVerticalXXL,
  },
});
