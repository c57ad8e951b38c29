// @ts-check
// Runs before the first paint, blocking and tiny, so that a high-contrast user never sees a white
// page while the application loads. The application itself owns these keys (appearance-store.ts).
(function applyStoredAppearance() {
  try {
    var root = document.documentElement;
    var highContrast = localStorage.getItem('theme') === 'high-contrast';
    root.dataset.theme = highContrast ? 'high-contrast' : 'light';
    // THEME_COLORS of appearance-store.ts: the browser's bar (and the installed app's title bar).
    var bar = document.querySelector('meta[name="theme-color"]');
    if (highContrast && bar) bar.setAttribute('content', '#000000');
    root.dataset.fontLevel = localStorage.getItem('fontLevel') || '0';
  } catch {
    // Storage blocked: the light theme applies.
  }
})();
