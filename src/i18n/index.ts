// i18next with en, ar, zh, es. The language comes from an optional leading /{lang} path segment, else the
// stored choice, else English. Arabic lays the page out right to left.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../api/contract';
import { loadTranslation } from './load-translation';
import { en } from './locales/en';

const STORAGE_KEY = 'language';

export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  zh: '中文',
  es: 'Español',
};

export const isRtl = (language: Language) => language === 'ar';

/** The spec's path rule: an optional leading language code, then the page name. */
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

/** Arabic is applied automatically for new users whose browser language is Arabic (the spec). */
function autoLanguage(): Language | null {
  try {
    const isNew = localStorage.getItem(VISITED_KEY) === null;
    localStorage.setItem(VISITED_KEY, '1');
    if (isNew && browserIsArabic() && !localStorage.getItem(STORAGE_KEY)) {
      localStorage.setItem(STORAGE_KEY, 'ar');
      return 'ar';
    }
  } catch {
    // No storage: no automatic choice.
  }
  return null;
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

export function resolveLanguage(pathname = location.pathname): Language {
  const automatic = languageFromPath(pathname) ? null : autoLanguage();
  if (automatic) return automatic;
  const stored = (() => {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  })();
  return languageFromPath(pathname) ?? (isLanguage(stored) ? stored : DEFAULT_LANGUAGE);
}

export function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
}

export async function initI18n(language = resolveLanguage()) {
  applyDocumentLanguage(language);
  // English ships in the bundle (it is also every language's fallback); another language comes from the
  // server's getI18n, kept on the device for the next start.
  const translation = language === 'en' ? null : await loadTranslation(language);
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: {
      en: { translation: en },
      ...(translation ? { [language]: { translation } } : {}),
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A fresher resource from the server replaces the stored one while the app runs.
    react: { bindI18nStore: 'added' },
  });
  return i18n;
}

/** The spec's switch: remember the choice and reload the app at /{lang}. */
export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The path still carries the choice.
  }
  location.assign(`/${language}`);
}

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
