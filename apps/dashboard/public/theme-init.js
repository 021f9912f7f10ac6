// Runs before the app bundle so the page never flashes the wrong theme. Mirrors
// src/hooks/use-theme.ts: key `vite-ui-theme`, values light | dark | system, default dark.
(function () {
  var theme = 'dark';
  try {
    var stored = window.localStorage.getItem('vite-ui-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage can be unavailable (privacy modes); keep the default.
  }
  if (theme === 'system') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
})();
