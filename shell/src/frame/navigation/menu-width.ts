import type { FontLevel } from '@formularze/domain/contract';

/** The side menu's width: wider at the largest font, so its entries stay on one line. */
const DRAWER_WIDTH_PX = { regular: 260, largestFont: 390 } as const;

export const menuWidthPx = (fontLevel: FontLevel) =>
  fontLevel === 2 ? DRAWER_WIDTH_PX.largestFont : DRAWER_WIDTH_PX.regular;
