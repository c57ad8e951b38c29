import type { FontLevel } from '@formularze/domain/contract';
import { FONT_SCALE } from 'shared-ui/theme';

/** At the regular font; the menu grows with the text, so that its entries stay on one line. */
const MENU_WIDTH_PX = 260;

export const menuWidthPx = (fontLevel: FontLevel) => Math.round(MENU_WIDTH_PX * FONT_SCALE[fontLevel]);
