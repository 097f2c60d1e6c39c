// Applies the theme kept on this device before the first paint, so a dark page never flashes white.
// A classic script in <head>; src/ui/theme/theme.ts keeps the same key and attributes once the app runs.
(() => {
  let saved = null;
  try {
    saved = localStorage.getItem('parley.theme');
  } catch {
    // Storage refused (private mode): the system's choice.
  }
  const theme = ['light', 'dark', 'blue', 'green'].includes(saved) ? saved : 'system';
  const dark =
    theme === 'system'
      ? window.matchMedia?.('(prefers-color-scheme: dark)').matches === true
      : theme !== 'light';
  const root = document.documentElement;
  root.setAttribute('data-theme', theme === 'system' ? (dark ? 'dark' : 'light') : theme);
  root.classList.toggle('dark', dark);
})();
