// Sign-in: the guest visit token and e-mail login codes.

export const AuthPaths = {
  visit: '/api/v1/auth/visit',
  /** The visit public key, for pages not served by Parley itself (the Vite dev server). */
  visitKey: '/api/v1/auth/visitKey',
  sendLoginCode: '/api/v1/auth/toLoginByEmailValidationCode',
  loginByCode: '/api/v1/auth/loginByEmailValidationCode',
  signout: '/api/v1/auth/signout',
  devMailbox: '/dev/mailbox',
} as const;

export interface VisitResponse {
  token: string;
}
/** A sign is the current ISO time encrypted with this key (RSA-OAEP, SHA-256), base64. */
export const VISIT_SIGN_MAX_AGE_MS = 5 * 60 * 1000;
/** The meta tag that carries the visit public key (base64 SPKI) inside the served page. */
export const VISIT_KEY_META = 'parley-visit-key';
export const LOGIN_CODE_LENGTH = 6;

/** What an email address must look like, on the device and on the server. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An email address as typed, made plain: NFKC folds the full-width letters, digits, ＠ and ． that a Chinese or
 * Japanese input method in full-width mode types (ｍｅｉ＠ｅｘａｍｐｌｅ．ｃｏｍ) into mei@example.com.
 */
export const plainEmail = (email: string) => email.normalize('NFKC').trim();
export const LOGIN_CODE_RESEND_SECONDS = 59;
