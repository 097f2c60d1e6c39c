// Wire contract of the extras area: saved prompts (later sharing, analytics, templates). Re-exported from contract.ts.

import type { Language } from './contract';

export const PromptPaths = {
  list: '/api/v1/prompt/list',
  instance: '/api/v1/prompt/instance',
  add: '/api/v1/prompt/add',
  /** PUT and DELETE {item}/{promptId}. */
  item: '/api/v1/prompt',
  recentSearch: '/api/v1/prompt/recentSearch',
} as const;

export const PROMPT_NAME_MAX = 50;
export const PROMPT_CONTENT_MAX = 16000;
/** Saved prompts one user may keep by default (the operator's PROMPTS_PER_USER_MAX changes it). */
export const PROMPTS_PER_USER_MAX = 1000;
export const PROMPT_PAGE_MAX = 100;
export const PROMPT_RECENT_SEARCHES_MAX = 10;

/** A saved prompt as the server answers it. */
export interface UserPrompt {
  promptId: string;
  name: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface PromptPage {
  totalElements: number;
  content: UserPrompt[];
}

export interface RecentSearches {
  keys: string[];
}

// ---- Sharing ------------------------------------------------------------------------------------
export const SharePaths = {
  /** POST {channelId} -> ShareCreated (owner only). */
  create: '/api/v1/channel/share/create',
  /** GET ?shareKey -> SharePreview (no login). */
  preview: '/api/v1/channel/share/preview',
  /** GET ?shareKey -> ShareDetail (no login). */
  detail: '/api/v1/channel/share/detail',
  /** GET ?shareKey -> ShareConversation (no login). */
  conversation: '/api/v1/share/conversation',
  /** POST {shareKey} -> ChannelSummary: the spec's createChannelByShareKey, a copy owned by the caller. */
  createChannelByShareKey: '/api/v1/channel/share/createChannelByShareKey',
  /** GET ?channelId -> ShareSummary[] (owner only). */
  mine: '/api/v1/channel/share/mine',
  /** POST {shareId} -> true (owner only); the link answers not found from then on. */
  revoke: '/api/v1/channel/share/revoke',
} as const;

/** The page a share link opens; any path containing "share" is a read-only shared view. */
export const SHARE_PAGE_PREFIX = '/share/';
/** The query parameter that carries a share key into the app (stored, then removed from the URL). */
export const SHARE_KEY_PARAM = 'shareKey';
/** 24 random bytes (192 bits), base64url: 32 characters. */
export const SHARE_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export interface SnapshotMessage {
  role: 'user' | 'assistant';
  content: string;
  model: string;
  createdAt: string;
}

export interface Citation {
  title: string;
  url: string;
}

export interface SharedMessage extends SnapshotMessage {
  /** Links the answer cites, shown under it on the share page. */
  citations: Citation[];
}

export interface ShareCreated {
  shareId: string;
  shareKey: string;
  /** The page path (prefix + key); the client joins it to its own origin. */
  sharePath: string;
  createdAt: string;
  messageCount: number;
}

export interface ShareSummary {
  shareId: string;
  createdAt: string;
  messageCount: number;
}

export interface SharePreview {
  title: string;
  excerpt: string;
  messageCount: number;
  createdAt: string;
}

export interface ShareDetail {
  title: string;
  model: string;
  messageCount: number;
  createdAt: string;
}

export interface ShareConversation {
  title: string;
  messages: SharedMessage[];
}

// ---- Analytics ----------------------------------------------------------------------------------
export const AnalyticsPaths = {
  /** POST {events} (1..50) -> {stored}; no login needed; each eventId is stored once. */
  events: '/api/v1/analytics/events',
  /** GET ?days -> AnalyticsDaily (operators only: ADMIN_EMAILS). */
  daily: '/api/v1/analytics/daily',
} as const;

/** The spec's analytics constants. */
export const ANALYTICS = {
  sessionTimeoutMs: 30 * 60_000,
  debounceMs: 300,
  batchSize: 6,
  batchSizeMin: 1,
  batchSizeMax: 30,
  intervalMs: 6000,
  queueMax: 500,
  perRequestMax: 50,
  sendTimeoutMs: 3000,
  retries: 3,
} as const;

export const ANALYTICS_NAME_MAX = 64;
export const ANALYTICS_PROPS_MAX_CHARS = 2000;
export const ANALYTICS_DAYS_MAX = 90;

/** One event as the browser queues and sends it. */
export interface AnalyticsEvent {
  /** A random id made when the event happened; the server stores each id once. */
  eventId: string;
  name: string;
  props: Record<string, string | number | boolean | null>;
  occurredAt: string;
  sessionId: string;
  webId: string;
}

/** The spec's event store (kept by the analytics worker in IndexedDB). */
export interface AnalyticsEventStore {
  sessionId: string;
  lastActivityTime: number;
  ip: string;
  country: string;
  webId: string;
}

export interface AnalyticsStored {
  /** Events new to the server (repeats of stored ids are not counted). */
  stored: number;
}

export interface AnalyticsDailyRow {
  /** YYYY-MM-DD (UTC). */
  day: string;
  name: string;
  count: number;
  sessions: number;
}

export interface AnalyticsDaily {
  rows: AnalyticsDailyRow[];
}

// ---- Templates and landing ----------------------------------------------------------------------
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

/** The spec's template category tabs, in order. */
export const TEMPLATE_TABS = ['Mine', 'Recommended', 'All', 'MyProject', 'ppt'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

export type TemplateMediaType = 'chat' | 'ppt' | 'writing' | 'flowchart' | 'prompt' | 'project';

export interface TemplateText {
  name: string;
  description: string;
  /** What the template puts in the composer (empty for templates that open a page). */
  prompt: string;
}

/** The spec's template: id, name, promptTemplateId, connectionName, model, mediaType, with translated variants. */
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

/** The spec's recommended-question icons: 1 publicity, 2 research, 3 tool. */
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

/** Recommended languages, the spec's '--' marker, then all languages. */
export interface LocaleList {
  defaultLanguage: string;
  locales: (LocaleItem | '--')[];
}
