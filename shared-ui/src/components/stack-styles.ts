import { makeStyles, tokens } from '@fluentui/react-components';

const column = (gap: string) => ({ display: 'flex', flexDirection: 'column' as const, gap });

/**
 * Parts laid one under another, named by the space between them: from `xxs` between the lines of
 * one field to `xxl` between a page's sections. A whole screen's column is `usePageStyles().page`.
 */
export const useStackStyles = makeStyles({
  xxs: column(tokens.spacingVerticalXXS),
  xs: column(tokens.spacingVerticalXS),
  s: column(tokens.spacingVerticalS),
  m: column(tokens.spacingVerticalM),
  l: column(tokens.spacingVerticalL),
  xl: column(tokens.spacingVerticalXL),
  xxl: column(tokens.spacingVerticalXXL),
});
