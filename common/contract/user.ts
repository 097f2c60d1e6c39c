// The signed-in user: info, membership, tips, experiments, usage, connectors, document settings and network facts.

export const UserPaths = {
  currentUser: '/api/v1/user/currentUser',
  userProperties: '/api/v1/user/userProperties',
  tips: '/api/v1/user/tips',
  usage: '/api/v1/user/usage/message',
  checkConnector: '/api/v1/user/checkConnector',
  updateConnector: '/api/v1/user/updateConnector',
  deleteAccount: '/api/v1/user/deleteAccount',
  exportData: '/api/v1/user/exportData',
  exportDownload: '/api/v1/user/exportData/download',
  /** GET the caller's document settings, POST a change (both answer DocumentSettings). */
  documentSettings: '/api/v1/user/documentSettings',
  ip: '/api/v1/tool/ip',
} as const;

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

/** The user info, computed by the server from the membership. */
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

/** The tags, then the sidebar's feature-menu tips (writing and workspace items). */
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
/** The experiments; a variant 'A' means on, and an unknown experiment is off. */
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
  /** Beyond the chat quota: new documents and their pages in the period (total -1: not limited). */
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

export interface IpInfo {
  ip: string;
  /** ISO 3166 alpha-2, or null when unknown (private addresses). */
  country: string | null;
  /** Decides whether the cookie banner is shown. */
  isEuMember: boolean;
}

/** Tesseract languages whose data ships with Parley (package.json's @tesseract.js-data packages). */
export const OCR_LANGUAGES = ['eng', 'spa', 'fra', 'ara', 'chi_sim'] as const;
export type OcrLanguageCode = (typeof OCR_LANGUAGES)[number];
/** Auto reads English and the uploader's app language (or the operator's DOCS_OCR_LANGUAGES). */
export const OCR_LANGUAGE_CHOICES = ['Auto', ...OCR_LANGUAGES] as const;
export type OcrLanguageChoice = (typeof OCR_LANGUAGE_CHOICES)[number];

/** A language entry as the lists show it: its own name (languageLabel) and its English one. */
export interface OcrLanguageEntry {
  langcode: OcrLanguageCode;
  languageEnglish: string;
  languageLabel: string;
}
export const OCR_LANGUAGE_ENTRIES: readonly OcrLanguageEntry[] = [
  { langcode: 'eng', languageEnglish: 'English', languageLabel: 'English' },
  { langcode: 'spa', languageEnglish: 'Spanish', languageLabel: 'Español' },
  { langcode: 'fra', languageEnglish: 'French', languageLabel: 'Français' },
  { langcode: 'ara', languageEnglish: 'Arabic', languageLabel: 'العربية' },
  { langcode: 'chi_sim', languageEnglish: 'Chinese (Simplified)', languageLabel: '简体中文' },
];

/** How the caller's uploads are read: their choices and whether this server reads pictures at all. */
export interface DocumentSettings {
  /** The caller's switch: read pages without a text layer and pictures of pages (OCR). */
  ocr: boolean;
  ocrLanguage: OcrLanguageChoice;
  /** false when the operator turned OCR off (DOCS_OCR=off): nothing is read as a picture, whatever `ocr` says. */
  serverOcr: boolean;
}
export const DEFAULT_DOCUMENT_SETTINGS: Pick<DocumentSettings, 'ocr' | 'ocrLanguage'> = {
  ocr: true,
  ocrLanguage: 'Auto',
};
