// A language's translation resource, looked for in this order: the copy kept on this device
// (langCached / langResource by locale) answers at once and is refreshed from GET /api/v1/front/getI18n in
// the background; without a copy the server is asked first, and when it cannot answer (offline, down) the
// resource built into the app is used, so a language never falls back to English for lack of a network.
import i18n from 'i18next';
import { Headers, type I18nAnswer, I18nPaths, type Language } from '../../common/contract';

type Translation = Record<string, unknown>;
const CACHE_PREFIX = 'parley.langResource.';
const FETCH_TIMEOUT_MS = 4000;

function cached(language: Language): Translation | null {
  try {
    const raw = localStorage.getItem(CACHE_PREFIX + language);
    return raw ? (JSON.parse(raw) as Translation) : null;
  } catch {
    return null;
  }
}

function keep(language: Language, resource: Translation) {
  try {
    localStorage.setItem(CACHE_PREFIX + language, JSON.stringify(resource));
  } catch {
    // Storage full or blocked: the next start asks the server again.
  }
}

async function fetchTranslation(language: Language): Promise<Translation | null> {
  try {
    const url = new URL(I18nPaths.getI18n, location.origin);
    url.searchParams.set('language', language);
    const response = await fetch(url, {
      headers: { [Headers.language]: language },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { code: number; data?: I18nAnswer };
    return body.data?.language === language ? body.data.resource : null;
  } catch {
    return null;
  }
}

/** The copies built into the app, as separate chunks so other languages do not weigh on the first load. */
const builtIn: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  ar: async () => (await import('../../common/i18n/locales/ar')).ar,
  zh: async () => (await import('../../common/i18n/locales/zh')).zh,
  es: async () => (await import('../../common/i18n/locales/es')).es,
};

export async function loadTranslation(language: Exclude<Language, 'en'>): Promise<Translation> {
  const stored = cached(language);
  if (stored) {
    void fetchTranslation(language).then((fresh) => {
      if (!fresh) return;
      keep(language, fresh);
      i18n.addResourceBundle(language, 'translation', fresh, true, true);
    });
    return stored;
  }
  const fresh = await fetchTranslation(language);
  if (fresh) {
    keep(language, fresh);
    return fresh;
  }
  return builtIn[language]();
}
