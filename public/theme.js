// Applies the theme kept on this device before the first paint, so a dark page never flashes white.
// A classic script in <head>; src/ui/theme/theme.ts keeps the same key and attributes once the app runs.
(() => {
  var saved = null;
  try {
    saved = localStorage.getItem('parley.theme');
  } catch (e) {}
  var theme =
    saved === 'light' || saved === 'dark' || saved === 'blue' || saved === 'green' ? saved : 'system';
  var dark =
    theme === 'system'
      ? !!(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches)
      : theme !== 'light';
  var root = document.documentElement;
  root.setAttribute('data-theme', theme === 'system' ? (dark ? 'dark' : 'light') : theme);
  root.classList.toggle('dark', dark);
})();
