// @ts-check
// Runs before the first paint, blocking and tiny, so that a high-contrast user never sees a white
// page while the application loads. The application itself owns these keys (appearance-store.ts).
(function applyStoredAppearance() {
  try {
    var root = document.documentElement;
    root.dataset.theme = localStorage.getItem('theme') === 'high-contrast' ? 'high-contrast' : 'light';
    root.dataset.fontLevel = localStorage.getItem('fontLevel') || '0';
  } catch {
    // Storage blocked: the light theme applies.
  }
})();
