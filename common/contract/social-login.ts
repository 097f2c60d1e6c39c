// Wire contract of social login (Google, Apple, Google one-tap) and the Google Drive connector.
// Re-exported from contract.ts.

export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What a start call is for: a login, a Drive connection, or the nonce of a one-tap prompt. */
export const OAUTH_PURPOSES = ['login', 'drive', 'onetap'] as const;
export type OAuthPurpose = (typeof OAUTH_PURPOSES)[number];

export const OidcPaths = {
  /** Parley's start step: GET ?purpose=login|drive|onetap -> OAuthStart, plus a short-lived flow cookie. */
  oauthStart: (provider: SocialProvider) => `/bloom/oauth2/${provider}/start`,
  googleCode: '/bloom/oauth2/google/code',
  googleOneTap: '/bloom/oauth2/google/onetap',
  googleDriveCallback: '/bloom/oauth2/google/gdrivecallback',
  appleAuthCode: '/api/v1/auth/appleAuthCode',
  /** Apple answers with a form post (response_mode=form_post); Parley turns it into a page visit. */
  appleFormPost: '/bloom/oauth2/apple/formpost',
} as const;

/** The app's own pages the providers send the browser back to (they finish the call with the code). */
export const OAuthReturnPages = {
  googleLogin: '/oauth/google/callback',
  appleLogin: '/oauth/apple/callback',
  googleDrive: '/oauth/google/drive',
} as const;

/** The Drive scope: only files the user opens or creates with Parley (a file-level scope). */
export const GOOGLE_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

export interface OAuthStart {
  /** The provider page to send the browser to; empty for a one-tap start. */
  url: string;
  /** The nonce a one-tap prompt must carry (empty for other purposes). */
  nonce: string;
}

/** Told to the client through the landing call: which sign-in buttons to show. */
export interface SocialLoginConfig {
  google: boolean;
  apple: boolean;
  /** Google Drive can connect (Google is configured). */
  drive: boolean;
  /** Google's client id for the one-tap prompt; null unless the issuer is Google itself. */
  oneTapClientId: string | null;
}

/** Names of the client's LoginFail analytics event (no message is shown, only this event is sent). */
export type LoginType = 'google' | 'apple' | 'onetap' | 'email';
