import { useLocation } from 'react-router';
import { languageFromPath } from '../../i18n';

/** Builds in-app paths that keep the /{lang} prefix the page was opened with. */
export function useLangPath() {
  const lang = languageFromPath(useLocation().pathname);
  return (path: string) => (lang ? `/${lang}${path === '/' ? '' : path}` : path);
}
