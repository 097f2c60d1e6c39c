import { useLocation } from 'wouter';
import { languageFromPath } from '../../i18n';

/** Builds in-app paths that keep the /{lang} prefix the page was opened with. */
export function useLangPath() {
  const lang = languageFromPath(useLocation()[0]);
  return (path: string) => (lang ? `/${lang}${path === '/' ? '' : path}` : path);
}
