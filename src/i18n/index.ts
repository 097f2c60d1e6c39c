// i18next with en, ar, zh, es. The language comes from an optional leading /{lang} path segment, else the
// stored choice, else (first visit) the browser's languages, else English. Arabic lays the page out right
// to left.
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../common/contract';
import { enCore } from '../../common/i18n/locales/en-core';
import { loadTranslation } from './load-translation';

const STORAGE_KEY = 'language';

export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  zh: '中文',
  es: 'Español',
};

export const isRtl = (language: Language) => language === 'ar';

/** The path rule: an optional leading language code, then the page name. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}

export function stripLanguage(pathname: string): string {
  return languageFromPath(pathname) ? pathname.replace(/^\/[^/]+/, '') || '/' : pathname;
}

const VISITED_KEY = 'parley.visited';
const AR_PROMPT_KEY = 'parley.arabicPromptAnswered';
const browserIsArabic = () => navigator.languages?.some((l) => l.toLowerCase().startsWith('ar')) ?? false;

/** A detected code (zh-CN, es-419, ar-EG, en) as one of the app's languages, or null. */
export function toLanguage(code: string | null | undefined): Language | null {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

// Storage may be blocked or full: then nothing is remembered and the browser's languages decide each time.
function readStored(key: string): string | null | undefined {
  try {
    return localStorage.getItem(key);
  } catch {
    return undefined;
  }
}
function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing remembered: see readStored.
  }
}

/**
 * The maintained detector reads the saved choice and the browser's languages (every one, in the
 * browser's order); the path is read by our own rule, the same one the router strips, so /zh-CN/ is a
 * page and not a language. It returns every candidate (the languageUtils hook asks for the list).
 */
function detector() {
  const found = new LanguageDetector(
    { languageUtils: { getBestMatchFromCodes: () => null } } as unknown as ConstructorParameters<
      typeof LanguageDetector
    >[0],
    { lookupLocalStorage: STORAGE_KEY, caches: [] },
  );
  found.addDetector({ name: 'parleyPath', lookup: () => languageFromPath(location.pathname) ?? undefined });
  return found;
}

/**
 * The language of this start: the path's, then the saved choice, then (on the first visit only) the
 * first of the browser's languages the app has, which is then saved. A returning visitor without a saved
 * choice stays in English; an Arabic browser is asked once instead (shouldOfferArabic).
 */
export function resolveLanguage(): Language {
  const fromPath = languageFromPath(location.pathname);
  if (fromPath) return fromPath;
  const returning = takeReturnLanguage();
  if (returning) return returning;
  const visited = readStored(VISITED_KEY);
  const isNew = visited === null || visited === undefined;
  store(VISITED_KEY, '1');
  const order = isNew ? ['parleyPath', 'localStorage', 'navigator'] : ['parleyPath', 'localStorage'];
  const candidates = detector().detect(order);
  for (const code of Array.isArray(candidates) ? candidates : [candidates]) {
    const language = toLanguage(code);
    if (!language) continue;
    if (isNew && !readStored(STORAGE_KEY)) store(STORAGE_KEY, language);
    return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The app's home in a language: '/' for English, '/ar', '/zh', '/es' otherwise. Provider returns land here. */
export const homePath = (language: Language = currentLanguage()) =>
  language === DEFAULT_LANGUAGE ? '/' : `/${language}`;

// A provider (social login, Drive) may only send the browser back to one registered address without a
// language in it: the language the user left in is kept for this tab until the app starts again there.
const RETURN_LANGUAGE_KEY = 'parley.returnLanguage';
function takeReturnLanguage(): Language | null {
  try {
    const kept = sessionStorage.getItem(RETURN_LANGUAGE_KEY);
    sessionStorage.removeItem(RETURN_LANGUAGE_KEY);
    return isLanguage(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** Sends the browser to a provider's page (sign-in, payment, billing portal), keeping the language to come back to. */
export function leaveForProvider(url: string) {
  try {
    sessionStorage.setItem(RETURN_LANGUAGE_KEY, currentLanguage());
  } catch {
    // Without storage the return address's own language (payments) or the saved choice decides.
  }
  location.assign(url);
}

/** Existing users with an Arabic browser are asked once instead. */
export function shouldOfferArabic(): boolean {
  try {
    return browserIsArabic() && currentLanguage() !== 'ar' && !localStorage.getItem(AR_PROMPT_KEY);
  } catch {
    return false;
  }
}
export function answerArabicOffer(accept: boolean) {
  localStorage.setItem(AR_PROMPT_KEY, accept ? 'yes' : 'no');
  if (accept) changeLanguage('ar');
}

export function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
  // Installing the app then gives it this language's names and shortcuts (the server localises the manifest).
  document
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', `/manifest.webmanifest?lang=${encodeURIComponent(language)}`);
}

export async function initI18n(language = resolveLanguage()) {
  applyDocumentLanguage(language);
  // English ships in the bundle (it is also every language's fallback), but for the settings dialog's strings,
  // which come with its code (src/ui/user/settings-strings.ts); another language comes from the server's
  // getI18n, kept on the device for the next start.
  const translation = language === 'en' ? null : await loadTranslation(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: {
      en: { translation: enCore },
      ...(translation ? { [language]: { translation } } : {}),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A fresher resource from the server replaces the stored one while the app runs.
    react: { bindI18nStore: 'added' },
  });
  return i18n;
}

/** The switch: remember the choice and reload the app at /{lang}. */
export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The path still carries the choice.
  }
  location.assign(`/${language}`);
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
