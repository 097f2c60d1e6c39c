// The one wire contract: every path, payload and answer shared by the client (src/api) and the server.
// Request validators (zod) live beside it in schemas.ts, built from these constants; the client imports
// only types from there, so zod stays out of the browser bundle.
export type {
  ChannelIdRequest,
  FeedbackRequest,
  LoginByCodeRequest,
  RenameChannelRequest,
  SendLoginCodeRequest,
  SendRequest,
  StopRequest,
  VisitRequest,
} from './schemas';
export type { SetTipsExistFlagRequest } from './schemas-writing';

export const APP_NAME = 'parley';
export const APP_VERSION = '1.24.92';

export const ResponseCode = {
  Success: 200,
  BadRequest: 400,
  NotFound: 404,
  TooManyRequests: 429,
  ServerError: 500,
  FileTypeUnsupported: 1002,
  UrlParseError: 1005,
  NotStudentEmail: 10001,
  VerificationCodeMismatch: 10002,
  UsageExceedsLimit: 20001,
  FilePagesExceedLimit: 20002,
  InterfaceForbidden: 40001,
  TooManyFreeModelRequests: 50003,
  HumanVerificationFailed: 60001,
  /** Writing: the update is based on an older revision; the client keeps its text as a copy. */
  WritingRevisionConflict: 40901,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** The envelope every JSON call answers with; success only when code === 200. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Extra fields for 20001 (upgrade prompt). */
  source?: string;
  shortMessage?: string;
}

export const Paths = {
  visit: '/api/v1/auth/visit',
  /** The visit public key, for pages not served by Parley itself (the Vite dev server). */
  visitKey: '/api/v1/auth/visitKey',
  landing: '/api/v1/landing',
  myChannelList: '/api/v1/chat/myChannelList',
  renameChannel: '/api/v1/channel',
  deleteChannel: '/api/v1/channel/delete',
  getChannel: '/api/v1/chat/getChannel',
  send: '/api/v1/chat/send',
  stop: '/api/v1/chat/stop',
  feedback: '/api/v1/chat/feedback',
  health: '/api/v1/health',
  sendLoginCode: '/api/v1/auth/toLoginByEmailValidationCode',
  loginByCode: '/api/v1/auth/loginByEmailValidationCode',
  signout: '/api/v1/auth/signout',
  currentUser: '/api/v1/user/currentUser',
  devMailbox: '/dev/mailbox',
  userProperties: '/api/v1/user/userProperties',
  tips: '/api/v1/user/tips',
  usage: '/api/v1/user/usage/message',
  checkConnector: '/api/v1/user/checkConnector',
  updateConnector: '/api/v1/user/updateConnector',
  releaseNotes: '/api/v1/release/notes',
  announcement: '/api/v1/release/announcement',
  ip: '/api/v1/tool/ip',
} as const;

export const Headers = {
  authorization: 'Authorization',
  language: 'language',
  popUrl: 'Pop-Url',
  appName: 'App-Name',
  deviceInfo: 'Device-Info',
  captchaToken: 'Cf-Captcha-Token',
  gtoken: 'gtoken',
  /** Login attempts made on /home carry it (value 'home'): the operator sees which entry page converts. */
  grayRelease: 'Gray-Release',
  lastEventId: 'Last-Event-ID',
} as const;

export const LANGUAGES = ['en', 'ar', 'zh', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export interface DeviceInfo {
  webId: string;
  analyticsId?: string;
  browserLanguage?: string;
}

// ---- Models -------------------------------------------------------------------------------------
export const MODEL_STANDARD = 'Standard';
/** The model the upgrade experiment keeps out of web-search answers. */
export const MODEL_GPT4 = 'GPT-4';
export const ModelRole = { Chat: 'Chat', DocChat: 'DocChat' } as const;

export interface ModelListItem {
  name: string;
  role: 'Chat' | 'DocChat';
  desc: string;
  disabled: boolean;
  /** Usable without a paid membership (the Standard model). */
  free: boolean;
  /** Needs a paid membership. */
  pro: boolean;
  /** Served by Parley's built-in offline model because no AI provider is configured. */
  offline: boolean;
}

export interface LandingInfo {
  modelList: ModelListItem[];
  communityList: import('./contract-extras').CommunityLink[];
  aiCreationWorkshop: import('./contract-extras').CreationWorkshopItem[];
  /** Questions offered on the home page, each with the spec's icon (1 publicity, 2 research, 3 tool). */
  recommendedQuestions: import('./contract-extras').RecommendedQuestion[];
  gpt4v: boolean;
  feedbackDislikeConfig: string[];
  /** Whether a real AI provider is configured on this server. */
  aiProviderConfigured: boolean;
  socialLogin: import('./contract-oidc').SocialLoginConfig;
}

// ---- Auth ---------------------------------------------------------------------------------------
export interface VisitResponse {
  token: string;
}
/** A sign is the current ISO time encrypted with this key (RSA-OAEP, SHA-256), base64. */
export const VISIT_SIGN_MAX_AGE_MS = 5 * 60 * 1000;
/** The meta tag that carries the visit public key (base64 SPKI) inside the served page. */
export const VISIT_KEY_META = 'parley-visit-key';

export const MembershipId = {
  Free: 0,
  MonthPro: 1,
  Trial: 2,
  YearPro: 3,
  MonthUnlimited: 4,
  YearUnlimited: 5,
  MonthProPlus: 6,
  YearProPlus: 7,
} as const;
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_RESEND_SECONDS = 59;

/** The spec's user info, computed by the server from the membership. */
export interface UserInfo {
  uid: string;
  email: string | null;
  username: string | null;
  picture: string | null;
  avatar: string | null;
  isLogin: boolean;
  isPro: boolean;
  isProPlus: boolean;
  isUnlimited: boolean;
  isTrial: boolean;
  isNew: 0 | 1;
  /** Days to membership expiry, rounded up; 0 without a paid membership. */
  timeRemaining: number;
  membershipId: number;
  membershipExpDate: string | null;
  stripeCustomer: string | null;
  fastspringCustomer: string | null;
  createdAt: string;
  internal: 0 | 1;
  partnerStatus: number;
  partnerUid: string | null;
  refCode: string | null;
  parsedRoles: string[];
  grayStrategyNew: { inputVersion: boolean; inputModel: boolean; enhanceUpload: boolean };
}

/** The spec's tags, then the sidebar's feature-menu tips (writing and workspace items). */
export const TIP_TAGS = [
  'pro',
  'firstSaveWriting',
  'firstShowUserPromptTip',
  'writingFeature',
  'workspaceFeature',
] as const;
export interface UserTip {
  tag: string;
  /** 1 shows the tip. */
  value: number;
  defaultValue: number;
}
export interface TipsResponse {
  userTips: UserTip[];
  abResList: { key: string; value: string }[];
}
/** The spec's experiments; a variant 'A' means on, and an unknown experiment is off. */
export const EXPERIMENTS = [
  'teams',
  'onechat',
  'standard-free',
  'standard-free-v2',
  'new-register',
  'i18n-auto-change-es',
  'guest',
  'upgrade',
] as const;

export interface UserProperties {
  is_login: boolean;
  user_session_source: string;
  account_name: string | null;
  product_type: 'FREE' | 'PRO' | 'PRO+' | 'Unlimited';
  interval: 'month' | 'year' | null;
  subscribe_start_time: string | null;
  subscribe_expire_time: string | null;
  membership_id: number;
  visitorId: string;
}

export interface Usage {
  gpt3: { used: number; total: number };
  gpt4: { used: number; total: number };
  /** Parley extras: new documents and their pages in the period (total -1: not limited). */
  uploads: { used: number; total: number };
  pages: { used: number; total: number };
  docUploadLimitHint: number;
  /** Free plans count per day, paid plans per month, unlimited not at all. */
  period: 'day' | 'month' | 'unlimited';
}

export const CONNECTOR_TYPES = [
  'GOOGLE_DRIVE',
  'MICROSOFT_ONENOTE',
  'MICROSOFT_ONEDRIVE',
  'EVERNOTE',
  'NOTION',
  'OBSIDIAN',
  'ZOTERO',
] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];
export const ConnectorStatus = { Disabled: 0, Enabled: 1, Waiting: 2 } as const;
export interface Connector {
  type: ConnectorType;
  status: number;
  access_token: string | null;
  expires_at: string | null;
}

export interface ReleaseNote {
  version: string;
  date: string;
  notes: string[];
}

export interface IpInfo {
  ip: string;
  /** ISO 3166 alpha-2, or null when unknown (private addresses). */
  country: string | null;
  /** Decides whether the cookie banner is shown. */
  isEuMember: boolean;
}

// ---- Channels -----------------------------------------------------------------------------------
export const ChannelType = { ONE_CHAT: 'ONE_CHAT', CHAT: 'CHAT', DOC: 'DOC', PPT: 'PPT' } as const;
export type ChannelTypeValue = (typeof ChannelType)[keyof typeof ChannelType];

export interface ChannelSummary {
  channelId: string;
  channelName: string;
  fileTypeEnum: string | null;
  docEntries: { multiDoc: boolean; docs: unknown[] } | null;
  ext: { channelTypeEnum: ChannelTypeValue };
  model: string;
  createdAt: string;
  updatedAt: string;
}

export const CHANNEL_NAME_MAX = 200;

export type MessageRole = 'user' | 'assistant';
export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'failed';
export type FeedbackType = 'like' | 'dislike' | 'regeneration';

export interface ChatMessage {
  id: string;
  channelId: string;
  role: MessageRole;
  content: string;
  model: string;
  status: MessageStatus;
  error: string | null;
  feedback: 'like' | 'dislike' | null;
  /** The client's id for the send that produced this message (idempotent resend / resume). */
  requestId: string | null;
  createdAt: string;
}

export interface ChannelDetail {
  channel: ChannelSummary;
  messages: ChatMessage[];
}

// ---- Chat send (SSE) ----------------------------------------------------------------------------
export const MESSAGE_MAX = 32000;
/** A dislike's reason: a chosen reason or a short note. */
export const FEEDBACK_REASON_MAX = 500;

/** One streamed chunk; each SSE data line is an array holding one of these. */
export interface StreamChunk {
  chunkId: number;
  content?: string;
  error?: string;
  code?: number;
}

/** Sent once as `event: meta` before the chunks, so a new chat learns its channel. */
export interface StreamMeta {
  channelId: string;
  channelName: string;
  userMessageId: string;
  answerMessageId: string;
  model: string;
}

/** Sent as `event: done` when the answer is complete (or stopped / failed). */
export interface StreamDone {
  status: MessageStatus;
}
export * from './contract-billing';
export * from './contract-captcha';
export * from './contract-creation';
export * from './contract-docimages';
export * from './contract-documents';
export * from './contract-extras';
export * from './contract-oidc';
export * from './contract-shell';
export * from './contract-upload';
export * from './contract-writing';
