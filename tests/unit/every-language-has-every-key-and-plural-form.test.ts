// Every translation table (the app's, the server's messages, the test payment pages') has every English
// key in every language, and every plural key has each CLDR category its language needs, so no count
// falls back to English ("6 pages" on an Arabic page).
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../common/contract';
import { ar } from '../../common/i18n/locales/ar';
import { en } from '../../common/i18n/locales/en';
import { es } from '../../common/i18n/locales/es';
import { zh } from '../../common/i18n/locales/zh';
import { RELEASE_NOTES } from '../../server/content/release-notes';
import { messageCatalogs } from '../../server/messages';
import { planFeatures } from '../../server/messages/billing';
import { offlinePhrases } from '../../server/providers/ai/offline-phrases';
import { pageCatalogs } from '../../server/routes/testpay-strings';
import { modelList } from '../../server/services/chat/models';

type Table = Record<string, unknown>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(table: unknown, prefix = '', into = new Map<string, unknown>()) {
  if (table && typeof table === 'object' && !Array.isArray(table)) {
    for (const [key, value] of Object.entries(table)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  } else if (Array.isArray(table)) {
    table.forEach((item, index) => {
      flatten(item, `${prefix}[${index}]`, into);
    });
  } else into.set(prefix, table);
  return into;
}

/** What is wrong with one language's table against the English one, as readable lines. */
function problems(english: Table, table: Table, language: Language): string[] {
  const englishKeys = flatten(english);
  const keys = flatten(table);
  const pluralBases = new Set(
    [...englishKeys.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')),
  );
  const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const found: string[] = [];
  for (const key of englishKeys.keys()) {
    if (PLURAL.test(key) && pluralBases.has(key.replace(PLURAL, ''))) continue;
    if (typeof keys.get(key) !== 'string' || keys.get(key) === '') found.push(`${language}: missing ${key}`);
  }
  for (const base of pluralBases)
    for (const category of needed)
      if (typeof keys.get(`${base}_${category}`) !== 'string')
        found.push(`${language}: ${base} lacks the plural category ${category}`);
  for (const key of keys.keys())
    if (!englishKeys.has(key) && !(PLURAL.test(key) && pluralBases.has(key.replace(PLURAL, ''))))
      found.push(`${language}: ${key} is not an English key`);
  return found;
}

const sets: [string, Record<Language, Table>][] = [
  ['the app', { en, ar, zh, es } as Record<Language, Table>],
  ['server messages', messageCatalogs],
  ['payment pages', pageCatalogs as Record<Language, Table>],
];

describe('translation tables', () => {
  it('know the CLDR categories the test relies on', () => {
    expect(new Intl.PluralRules('ar').resolvedOptions().pluralCategories).toHaveLength(6);
    expect(new Intl.PluralRules('zh').resolvedOptions().pluralCategories).toEqual(['other']);
  });

  for (const [name, tables] of sets)
    it(`${name}: every language has every English key and every plural category it needs`, () => {
      const found = LANGUAGES.filter((l) => l !== 'en').flatMap((l) => problems(tables.en, tables[l], l));
      expect(found).toEqual([]);
    });

  for (const [name, tables] of sets)
    it(`${name}: Chinese punctuation beside Chinese text is full-width (：，？ not :,?)`, () => {
      // A half-width mark after a Han character (or before one) reads as a typo to a Chinese reader.
      const halfWidth = /\p{Script=Han}[,:;?!()]|[,:;?!(][\p{Script=Han}]|\p{Script=Han}\)/u;
      const found = [...flatten(tables.zh)]
        .filter(([, text]) => typeof text === 'string' && halfWidth.test(text.replace(/\{\{[^}]*\}\}/g, '')))
        .map(([key, text]) => `${key}: ${text}`);
      expect(found).toEqual([]);
    });

  it('Chinese speaks to the user one way, as 你 (the app, the server, the offline model, the mails)', () => {
    // The pricing sheet said 您 beside settings that said 你; one register reads as one product.
    const chinese = [
      ...sets.flatMap(([, tables]) => [...flatten(tables.zh).values()]),
      ...Object.values(offlinePhrases('zh')),
    ].filter((text): text is string => typeof text === 'string');
    expect(chinese.filter((text) => text.includes('您'))).toEqual([]);
    expect(chinese.filter((text) => text.includes('你')).length).toBeGreaterThan(100);
  });

  it('Arabic, Chinese and Spanish never show the English word Standard (the model and its quotas)', () => {
    // Standard is a word, unlike GPT-4: 'Standard 模型消息' and 'modelo Standard' read as left untranslated.
    const found = (['ar', 'zh', 'es'] as const).flatMap((language) =>
      [
        ...sets.flatMap(([, tables]) => [...flatten(tables[language])]),
        ...flatten(planFeatures[language]),
        ...flatten(RELEASE_NOTES[language]),
        ...flatten(modelList(true, language)).entries(),
      ]
        .filter(([key, text]) => key !== '[0].name' && typeof text === 'string' && /Standard/i.test(text))
        .map(([key, text]) => `${language} ${key}: ${text}`),
    );
    expect(found).toEqual([]);
    // The models' descriptions under their names were English in every language.
    for (const language of ['ar', 'zh', 'es'] as const)
      modelList(true, language).forEach((model, i) => {
        expect(model.desc).not.toBe(modelList(true, 'en')[i].desc);
      });
  });

  it('each language calls the Pro plans by one name: the model picker, the plan badge, settings and pricing', () => {
    // The picker's badge and the avatar's plan badge said 'Pro' in Arabic and Chinese beside 'برو' and '专业版'.
    for (const table of [en, ar, zh, es]) {
      const names = [table.chat.pro, table.plan.Pro, table.settings.planPro, table.billing.pricing.pro];
      expect(new Set(names).size, names.join(' / ')).toBe(1);
      expect(table.plan['Pro+']).toBe(table.settings.planProPlus);
    }
  });

  it('Arabic writes a path in the app (Settings, then Documents) with an arrow that points to the left', () => {
    // '>' points back to Settings wherever the bidi algorithm does not mirror it (beside a Latin word, in an
    // LTR box); '←' points on from Settings to Documents, as Arabic reads, in every context.
    const found = sets
      .flatMap(([, tables]) => [...flatten(tables.ar)])
      .filter(([, text]) => typeof text === 'string' && /\S > \S/.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });

  it('the check catches a missing category and an English-only key', () => {
    const english = { a: { pages_one: '{{count}} page', pages_other: '{{count}} pages', title: 'T' } };
    const arabic = { a: { pages_one: 'صفحة واحدة', pages_other: '{{count}} صفحة' } };
    expect(problems(english, arabic, 'ar')).toEqual([
      'ar: missing a.title',
      'ar: a.pages lacks the plural category few',
      'ar: a.pages lacks the plural category many',
      'ar: a.pages lacks the plural category two',
      'ar: a.pages lacks the plural category zero',
    ]);
  });

  it('Arabic counts read in Arabic for every category', async () => {
    const t = i18next.createInstance();
    await t.init({
      lng: 'ar',
      fallbackLng: 'en',
      resources: { en: { translation: en }, ar: { translation: ar } },
    });
    expect(t.t('documents.pages', { count: 6 })).toBe('6 صفحات');
    expect(t.t('documents.pages', { count: 2 })).toBe('صفحتان');
    expect(t.t('documents.pages', { count: 11 })).toBe('11 صفحةً');
    expect(t.t('documents.pages', { count: 100 })).toBe('100 صفحة');
    expect(t.t('common.pendingWrites', { count: 2 })).toBe('تغييران بانتظار الشبكة.');
  });
});
