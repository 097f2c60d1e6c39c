// The frame of every call: response codes, the JSON envelope, headers, languages and the app name.

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
  /**
   * Parley extension: the same request will be refused the same way (a document's file is damaged, protected with a
   * password, has more pages than allowed or no text to find), so a client offers no "Try again".
   */
  final?: boolean;
}

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
