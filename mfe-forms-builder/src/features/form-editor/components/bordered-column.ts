import { tokens, type GriffelStyle } from '@fluentui/react-components';

/** The editor's framed parts, its side panel and the cards of rules and dictionary values: a padded, bordered column. */
export const borderedColumn: GriffelStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.spacingVerticalS,
  padding: tokens.spacingHorizontalM,
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  borderRadius: tokens.borderRadiusMedium,
};
