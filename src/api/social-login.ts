import {
  type Connector,
  type OAuthPurpose,
  type OAuthStart,
  OidcPaths,
  type SocialProvider,
} from '../../common/contract';
import { request } from './http';

/** Social login errors show no message: the login actor emits LoginFail instead. */
const quiet = { suppressAlert: true } as const;

export const socialApi = {
  /** Sets the short-lived flow cookie and answers where to send the browser (or the one-tap nonce). */
  start: (provider: SocialProvider, purpose: OAuthPurpose) =>
    request<OAuthStart>('GET', OidcPaths.oauthStart(provider), { query: { purpose }, ...quiet }),
  /** `uri` is the page the provider sent the browser back to, with all its parameters. */
  finish: (provider: SocialProvider, code: string, uri: string) =>
    provider === 'google'
      ? request<string | null>('GET', OidcPaths.googleCode, { query: { code, uri }, ...quiet })
      : request<string | null>('POST', OidcPaths.appleAuthCode, { query: { code, uri }, ...quiet }),
  oneTap: (idTokenString: string) =>
    request<string | null>('GET', OidcPaths.googleOneTap, { query: { idTokenString }, ...quiet }),
  connectDrive: async (code: string, uri: string) =>
    (
      await request<{ connectors: Connector[] }>('GET', OidcPaths.googleDriveCallback, {
        query: { code, uri },
        ...quiet,
      })
    ).connectors,
};
