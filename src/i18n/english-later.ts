// English strings that come with a feature's code instead of the app's first script: given to i18next when that code
// loads, or once i18next starts if the code came first (the device cache's sync can run before it).
import i18n from 'i18next';

export function addEnglish(section: string, strings: object) {
  const add = () => i18n.addResourceBundle('en', 'translation', { [section]: strings }, true, false);
  // i18next adds its resource methods at init: before it, wait for it.
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
