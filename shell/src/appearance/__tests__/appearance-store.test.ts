import { createAppearanceStore, THEME_COLORS } from '../appearance-store';

describe('appearance store', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts from what the user chose last time', () => {
    window.localStorage.setItem('theme', 'high-contrast');
    window.localStorage.setItem('fontLevel', '2');
    expect(createAppearanceStore().get()).toEqual({ theme: 'high-contrast', fontLevel: 2 });
  });

  it('ignores values it does not know', () => {
    window.localStorage.setItem('theme', 'purple');
    window.localStorage.setItem('fontLevel', '7');
    expect(createAppearanceStore().get()).toEqual({ theme: 'light', fontLevel: 0 });
  });

  it('saves changes and tells subscribers', () => {
    const store = createAppearanceStore();
    const listener = jest.fn();
    store.subscribe(listener);
    store.toggleContrast();
    store.setFontLevel(1);
    expect(listener).toHaveBeenLastCalledWith({ theme: 'high-contrast', fontLevel: 1 });
    expect(window.localStorage.getItem('theme')).toBe('high-contrast');
    expect(window.localStorage.getItem('fontLevel')).toBe('1');
    expect(document.documentElement.dataset.theme).toBe('high-contrast');
  });

  it("gives the browser's bar (and the installed app's title bar) the colour of the theme", () => {
    document.head.innerHTML = '<meta name="theme-color" content="#00346a">';
    const bar = document.querySelector('meta[name="theme-color"]')!;
    const store = createAppearanceStore();
    expect(bar).toHaveAttribute('content', THEME_COLORS.light);
    store.toggleContrast();
    expect(bar).toHaveAttribute('content', '#000000');
    store.toggleContrast();
    expect(bar).toHaveAttribute('content', '#00346a');
  });
});
