// Runs before the app: applies the theme saved under `ui-theme` (dark by default) so the
// first paint already has the right colours.
(function () {
  var saved;
  try {
    saved = localStorage.getItem('ui-theme');
  } catch {
    saved = null;
  }
  var theme = saved === 'light' || saved === 'dark' || saved === 'system' ? saved : 'dark';
  if (theme === 'system') {
    theme = window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
  }
  document.documentElement.classList.remove('light', 'dark');
  document.documentElement.classList.add(theme);
})();
