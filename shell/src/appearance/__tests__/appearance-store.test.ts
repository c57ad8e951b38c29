import { createAppearanceStore } from '../appearance-store';

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
});
