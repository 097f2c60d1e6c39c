// Before the first paint: applies the theme kept on this device, so a dark page never flashes white, and
// tells index.html's boot shell what to show: the page's language (as src/i18n resolves it: the path's,
// then a provider return's, then the saved choice, then on a first visit the browser's), the page kind
// (home, chat or another), whether the desktop sidebar is collapsed and whether the composer has a microphone.
// A classic script in <head>; src/ui/theme/theme.ts and src/i18n keep the same keys and attributes once
// the app runs.
(() => {
  const read = (storage, key) => {
    try {
      return window[storage].getItem(key);
    } catch {
      // Storage refused (private mode): the defaults.
      return null;
    }
  };
  const saved = read('localStorage', 'parley.theme');
  const theme = ['light', 'dark', 'blue', 'green'].includes(saved) ? saved : 'system';
  const dark =
    theme === 'system'
      ? window.matchMedia?.('(prefers-color-scheme: dark)').matches === true
      : theme !== 'light';
  const root = document.documentElement;
  root.setAttribute('data-theme', theme === 'system' ? (dark ? 'dark' : 'light') : theme);
  root.classList.toggle('dark', dark);

  const languages = ['en', 'ar', 'zh', 'es'];
  const known = (code) => {
    const base = String(code ?? '')
      .toLowerCase()
      .split(/[-_]/)[0];
    return languages.includes(base) ? base : null;
  };
  const parts = location.pathname.split('/').slice(1);
  const fromPath = languages.includes(parts[0]) ? parts.shift() : null;
  const firstVisit = read('localStorage', 'parley.visited') === null;
  const language =
    fromPath ??
    known(read('sessionStorage', 'parley.returnLanguage')) ??
    known(read('localStorage', 'language')) ??
    (firstVisit ? (navigator.languages ?? []).map(known).find(Boolean) : null) ??
    'en';
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  const [first = '', second] = parts;
  const home = first === '' || first === 'home' || (first === 'm' && second === 'home');
  root.setAttribute('data-boot-page', home ? 'home' : first === 'chat' ? 'chat' : 'other');
  if (read('localStorage', 'parley.sidebarCollapsed') === '1')
    root.setAttribute('data-boot-sidebar', 'collapsed');
  // The composer shows a microphone where speech can be recognised (canListen in src/ui/voice/voice-store.ts).
  if ('SpeechRecognition' in window || 'webkitSpeechRecognition' in window)
    root.setAttribute('data-boot-mic', '');
})();
