// The home page and templates: landing info, templates, translations, locales, release notes and operator links.

import type { ModelListItem } from './chat';
import type { SocialLoginConfig } from './social-login';
import type { Language } from './wire';

export const LandingPaths = {
  landing: '/api/v1/landing',
  health: '/api/v1/health',
  releaseNotes: '/api/v1/release/notes',
  announcement: '/api/v1/release/announcement',
  /** The operator's community, social and app-store links (null where not set up). */
  appLinks: '/api/v1/app/links',
} as const;

export interface LandingInfo {
  modelList: ModelListItem[];
  communityList: CommunityLink[];
  aiCreationWorkshop: CreationWorkshopItem[];
  /** Questions offered on the home page, each with the icon (1 publicity, 2 research, 3 tool). */
  recommendedQuestions: RecommendedQuestion[];
  gpt4v: boolean;
  feedbackDislikeConfig: string[];
  /** Whether a real AI provider is configured on this server. */
  aiProviderConfigured: boolean;
  socialLogin: SocialLoginConfig;
}

export interface ReleaseNote {
  version: string;
  date: string;
  notes: string[];
}

export const TemplatePaths = {
  /** GET ?tab -> Template[]; Mine and MyProject need a caller. */
  list: '/api/v1/template/list',
} as const;

export const I18nPaths = {
  /** GET (language header, or ?language) -> the app's translation resource for that language. */
  getI18n: '/api/v1/front/getI18n',
  /** GET -> LocaleList. */
  locales: '/api/v1/landing/locales',
} as const;

/** GET getI18n's answer: one language's nested translation resource (the i18next `translation` namespace). */
export interface I18nAnswer {
  language: Language;
  languages: readonly Language[];
  resource: Record<string, unknown>;
}

/** Templates offered as a document chat's first questions: insights, translate, extract data, find in it. */
export const DOCUMENT_PROMPT_TEMPLATE_IDS = [300002, 300003, 300004, 111121] as const;

/** The template category tabs, in order. */
export const TEMPLATE_TABS = ['Mine', 'Recommended', 'All', 'MyProject', 'ppt'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export type TemplateMediaType = 'chat' | 'ppt' | 'writing' | 'flowchart' | 'prompt' | 'project';

export interface TemplateText {
  name: string;
  description: string;
  /** What the template puts in the composer (empty for templates that open a page). */
  prompt: string;
}

/** The template: id, name, promptTemplateId, connectionName, model, mediaType, with translated variants. */
export interface Template extends TemplateText {
  id: string;
  promptTemplateId: number | null;
  connectionName: string | null;
  model: string;
  mediaType: TemplateMediaType;
  /** A page inside Parley the template opens instead of filling the composer. */
  href: string | null;
  updatedAt: string | null;
  /** Every language's text (built-in templates; a user's own have only their own text). */
  translations: Partial<Record<'en' | 'ar' | 'zh' | 'es', TemplateText>>;
}

/** The recommended-question icons: 1 publicity, 2 research, 3 tool. */
export const RecommendedIcon = { publicity: 1, research: 2, tool: 3 } as const;
export type RecommendedIconValue = (typeof RecommendedIcon)[keyof typeof RecommendedIcon];

export interface RecommendedQuestion {
  question: string;
  icon: RecommendedIconValue;
}

export interface CommunityLink {
  id: 'community' | 'social';
  name: string;
  url: string;
}

export interface CreationWorkshopItem {
  id: 'presentation' | 'flowchart' | 'writing' | 'chatwithdoc' | 'image';
  name: string;
  description: string;
  href: string;
  /** The presentation generator's default template (20000) where it applies. */
  templateId: number | null;
}

export interface LocaleItem {
  langcode: string;
  languageEnglish: string;
  languageLabel: string;
}

/** Recommended languages, the '--' marker, then all languages. */
export interface LocaleList {
  defaultLanguage: string;
  locales: (LocaleItem | '--')[];
}

export interface AppLinks {
  community: string | null;
  social: string | null;
  chromeExtension: string | null;
  ios: string | null;
  android: string | null;
}
