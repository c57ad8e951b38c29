import {
  createObservable,
  FONT_LEVELS,
  type Appearance,
  type FontLevel,
  type ThemeMode,
} from '@formularze/domain/contract';

const THEME_KEY = 'theme';
const FONT_LEVEL_KEY = 'fontLevel';

/** The browser's bar (and an installed app's title bar) per theme; appearance-boot.js applies the stored one. */
export const THEME_COLORS: Record<ThemeMode, string> = { light: '#00346a', 'high-contrast': '#000000' };

function applyTheme(theme: ThemeMode) {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

function readStored(storage: Storage): Appearance {
  const theme: ThemeMode = storage.getItem(THEME_KEY) === 'high-contrast' ? 'high-contrast' : 'light';
  const level = Number(storage.getItem(FONT_LEVEL_KEY));
  const fontLevel = (FONT_LEVELS as number[]).includes(level) ? (level as FontLevel) : 0;
  return { theme, fontLevel };
}

/** Theme and font size, kept in local storage and read before the first render so nothing flashes. */
export function createAppearanceStore(storage: Storage = window.localStorage) {
  const store = createObservable<Appearance>(readStored(storage));
  const update = (next: Appearance) => {
    storage.setItem(THEME_KEY, next.theme);
    storage.setItem(FONT_LEVEL_KEY, String(next.fontLevel));
    applyTheme(next.theme);
    store.set(next);
  };
  applyTheme(store.get().theme);
  return {
    get: store.get,
    subscribe: store.subscribe,
    toggleContrast() {
      const current = store.get();
      update({ ...current, theme: current.theme === 'light' ? 'high-contrast' : 'light' });
    },
    setFontLevel(fontLevel: FontLevel) {
      update({ ...store.get(), fontLevel });
    },
  };
}

export type AppearanceStore = ReturnType<typeof createAppearanceStore>;
