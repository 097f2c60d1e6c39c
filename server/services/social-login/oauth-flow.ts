// The state of one OAuth round trip (state, nonce, PKCE verifier, redirect URI, who started it) travels in
// a signed, HttpOnly, SameSite=Lax cookie that lives 10 minutes: nothing to store on the server, and a
// code sent back from another browser (login CSRF) finds no matching cookie.
import type { OAuthPurpose, SocialProvider } from '../../../common/contract/index.js';
import { createTokenSigner } from '../signed-token.js';

export const FLOW_TTL_MS = 10 * 60 * 1000;

export interface OAuthFlow {
  provider: SocialProvider;
  purpose: OAuthPurpose;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** The account that asked to connect Drive; null for logins. */
  userId: string | null;
  expiresAt: number;
}

export const flowCookieName = (provider: SocialProvider, purpose: OAuthPurpose) =>
  `parley_oauth_${provider}_${purpose}`;

/** The flow cookie's sealer: the flow if the cookie is ours, untampered and not expired. */
export const createFlowSigner = (secret: Buffer) => createTokenSigner<OAuthFlow>(secret);
export type FlowSigner = ReturnType<typeof createFlowSigner>;
