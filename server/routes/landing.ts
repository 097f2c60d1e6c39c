import { Hono } from 'hono';
import { z } from 'zod';
import {
  type I18nAnswer,
  I18nPaths,
  isLanguage,
  LANGUAGES,
  type LandingInfo,
  type LocaleList,
  Paths,
  TEMPLATE_TABS,
  TemplatePaths,
} from '../../common/contract/index.js';
import { ar } from '../../common/i18n/locales/ar.js';
import { en } from '../../common/i18n/locales/en.js';
import { es } from '../../common/i18n/locales/es.js';
import { zh } from '../../common/i18n/locales/zh.js';
import {
  creationWorkshop,
  feedbackDislikeConfig,
  localeItems,
  recommendedQuestions,
} from '../content/landing-content.js';
import { RELEASE_NOTES } from '../content/release-notes.js';
import { type AppEnv, ok } from '../http/context.js';
import { readQuery } from '../http/validate.js';
import { modelList } from '../services/chat/models.js';

/** The app's own translation resources, served to clients that load them at run time. */
const resources = { en, ar, zh, es };

const TemplateListQuery = z.object({ tab: z.enum(TEMPLATE_TABS).default('Recommended') });

export const landingRoutes = new Hono<AppEnv>()
  .get(Paths.releaseNotes, (c) => ok(c, RELEASE_NOTES[c.get('info').language]))
  .get(Paths.announcement, (c) => ok(c, c.get('services').config.announcement))
  .get(Paths.appLinks, (c) => ok(c, c.get('services').config.links))
  .get(Paths.landing, (c) => {
    const { ai, socialLogin, config } = c.get('services');
    const { language } = c.get('info');
    const communityNames = {
      community: { en: 'Community chat', ar: 'دردشة المجتمع', zh: '社区交流', es: 'Chat de la comunidad' },
      social: { en: 'Follow us', ar: 'تابعنا', zh: '关注我们', es: 'Síguenos' },
    } as const;
    const landing: LandingInfo = {
      modelList: modelList(ai.offline, language),
      communityList: (['community', 'social'] as const).flatMap((id) => {
        const url = config.links?.[id];
        return url ? [{ id, name: communityNames[id][language], url }] : [];
      }),
      aiCreationWorkshop: creationWorkshop.map((item) => ({
        id: item.id,
        ...item.text[language],
        href: item.href,
        templateId: item.templateId,
      })),
      recommendedQuestions: recommendedQuestions.map((q) => ({ question: q.text[language], icon: q.icon })),
      gpt4v: false,
      feedbackDislikeConfig: feedbackDislikeConfig[language],
      aiProviderConfigured: !ai.offline,
      socialLogin: socialLogin.config(),
    };
    return ok(c, landing);
  })
  .get(I18nPaths.locales, (c) => {
    const list: LocaleList = {
      defaultLanguage: 'en',
      // A '--' separates the recommended languages from all of them.
      locales: [...localeItems.slice(0, 2), '--', ...localeItems.filter((l) => isLanguage(l.langcode))],
    };
    return ok(c, list);
  })
  .get(I18nPaths.getI18n, (c) => {
    // The language header (or ?language=) picks the resource; anything unknown gets English.
    const asked = c.req.query('language');
    const language = isLanguage(asked) ? asked : c.get('info').language;
    c.header('Cache-Control', 'public, max-age=300');
    const answer: I18nAnswer = { language, languages: LANGUAGES, resource: resources[language] };
    return ok(c, answer);
  })
  .get(TemplatePaths.list, async (c) => {
    const { tab } = readQuery(c, TemplateListQuery);
    return ok(c, await c.get('services').templates.list(tab, c.get('caller'), c.get('info').language));
  });
