import {
  createHighContrastTheme,
  createLightTheme,
  type BrandVariants,
  type Theme,
} from '@fluentui/react-components';
import type { Appearance, FontLevel, ThemeMode } from '@formularze/domain/contract';

/** Brand ramp around the product's primary colour #00346A (shade 80). */
const brand: BrandVariants = {
  10: '#010409',
  20: '#02101f',
  30: '#031a33',
  40: '#042345',
  50: '#032b57',
  60: '#02305f',
  70: '#013265',
  80: '#00346a',
  90: '#1c4a7c',
  100: '#36608e',
  110: '#5077a0',
  120: '#6a8eb2',
  130: '#85a5c4',
  140: '#a1bcd5',
  150: '#bed3e6',
  160: '#dce9f5',
};

const HIGH_CONTRAST_YELLOW = '#fff200';

/** Heading size of the top bar title per font level, in points. */
export const HEADING_SIZE_PT: Record<FontLevel, number> = { 0: 14, 1: 30, 2: 40 };

/** Every font size and line height of the theme grows with the level, not only headings. */
export const FONT_SCALE: Record<FontLevel, number> = { 0: 1, 1: 1.25, 2: 1.5 };

function scaleTypography(theme: Theme, scale: number): Theme {
  if (scale === 1) return theme;
  const scaled: Record<string, string> = {};
  for (const [token, value] of Object.entries(theme)) {
    if ((token.startsWith('fontSize') || token.startsWith('lineHeight')) && typeof value === 'string') {
      const px = Number.parseFloat(value);
      if (value.endsWith('px') && Number.isFinite(px)) scaled[token] = `${Math.round(px * scale)}px`;
    }
  }
  return { ...theme, ...scaled };
}

function highContrastTheme(): Theme {
  const base = createHighContrastTheme();
  return {
    ...base,
    colorNeutralBackground1: '#000000',
    colorNeutralBackground2: '#000000',
    colorNeutralBackground3: '#000000',
    colorNeutralForeground1: HIGH_CONTRAST_YELLOW,
    colorNeutralForeground2: HIGH_CONTRAST_YELLOW,
    colorNeutralForeground3: HIGH_CONTRAST_YELLOW,
    colorBrandBackground: HIGH_CONTRAST_YELLOW,
    colorBrandBackgroundHover: '#ffffff',
    colorBrandBackgroundPressed: '#ffffff',
    colorNeutralForegroundOnBrand: '#000000',
    colorBrandForeground1: HIGH_CONTRAST_YELLOW,
    colorBrandForegroundLink: HIGH_CONTRAST_YELLOW,
    colorNeutralStroke1: HIGH_CONTRAST_YELLOW,
    colorNeutralStrokeAccessible: HIGH_CONTRAST_YELLOW,
    colorStrokeFocus2: HIGH_CONTRAST_YELLOW,
  };
}

const baseThemes: Record<ThemeMode, () => Theme> = {
  light: () => createLightTheme(brand),
  'high-contrast': highContrastTheme,
};

const cache = new Map<string, Theme>();

/** The Fluent theme for an appearance; the shell and every remote render with the same one. */
export function themeFor({ theme, fontLevel }: Appearance): Theme {
  const key = `${theme}:${fontLevel}`;
  let result = cache.get(key);
  if (!result) {
    result = scaleTypography(baseThemes[theme](), FONT_SCALE[fontLevel]);
    cache.set(key, result);
  }
  return result;
}
