// The installed app's web manifest in the language the person uses: its description, the install sheet's
// screenshot labels and the shortcuts (New chat, Chat with documents, Writing) read in Arabic, right to left, for
// someone who installs Parley in Arabic, and the shortcuts open the app in that language. The app's identity
// (id, start_url, scope) is the same in every language, so changing language never makes a second app.
import { DEFAULT_LANGUAGE, type Language } from '../../common/contract/index.js';
import { ar } from '../../common/i18n/locales/ar.js';
import { en } from '../../common/i18n/locales/en.js';
import { es } from '../../common/i18n/locales/es.js';
import { zh } from '../../common/i18n/locales/zh.js';

const TABLES = { en, ar, zh, es } as const;

interface Shortcut {
  name: string;
  url: string;
  [key: string]: unknown;
}
interface Screenshot {
  form_factor?: string;
  label?: string;
  [key: string]: unknown;
}
export interface WebManifest {
  description?: string;
  lang?: string;
  dir?: string;
  shortcuts?: Shortcut[];
  screenshots?: Screenshot[];
  [key: string]: unknown;
}

export function localizedManifest(base: WebManifest, language: Language): WebManifest {
  const table = TABLES[language];
  const shortcutName: Record<string, string> = {
    '/': table.layout.newChat,
    '/chatwithdoc': table.features.docChat,
    '/writing': table.features.writing,
  };
  const inLanguage = (url: string) =>
    language === DEFAULT_LANGUAGE || !url.startsWith('/') ? url : `/${language}${url === '/' ? '/' : url}`;
  return {
    ...base,
    lang: language,
    dir: language === 'ar' ? 'rtl' : 'ltr',
    description: table.layout.appDescription,
    shortcuts: base.shortcuts?.map((shortcut) => ({
      ...shortcut,
      name: shortcutName[shortcut.url] ?? shortcut.name,
      url: inLanguage(shortcut.url),
    })),
    screenshots: base.screenshots?.map((shot) => ({
      ...shot,
      label: shot.form_factor === 'narrow' ? table.layout.screenshotPhone : table.layout.screenshotDesktop,
    })),
  };
}
