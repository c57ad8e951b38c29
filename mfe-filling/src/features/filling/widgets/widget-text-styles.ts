import { makeStyles, tokens } from '@fluentui/react-components';

/** The small texts of a field widget: a hint beside its control, and a problem (refused, failed). */
export const useWidgetTextStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground2 },
  problem: { color: tokens.colorPaletteRedForeground1 },
});
