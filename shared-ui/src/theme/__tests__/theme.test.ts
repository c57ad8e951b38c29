import { themeFor } from '../index';

describe('themeFor', () => {
  it('uses the product primary colour in the light theme', () => {
    expect(themeFor({ theme: 'light', fontLevel: 0 }).colorBrandBackground).toBe('#00346a');
  });

  it('is yellow on black in high contrast', () => {
    const theme = themeFor({ theme: 'high-contrast', fontLevel: 0 });
    expect(theme.colorNeutralForeground1).toBe('#fff200');
    expect(theme.colorNeutralBackground1).toBe('#000000');
  });

  it('scales every text size with the font level, not only headings', () => {
    const base = themeFor({ theme: 'light', fontLevel: 0 });
    const largest = themeFor({ theme: 'light', fontLevel: 2 });
    expect(base.fontSizeBase300).toBe('14px');
    expect(largest.fontSizeBase300).toBe('21px');
    expect(largest.lineHeightBase300).toBe('30px');
    expect(largest.fontSizeHero1000).toBe('102px');
  });
});
