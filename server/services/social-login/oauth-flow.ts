// The state of one OAuth round trip (state, nonce, PKCE verifier, redirect URI, who started it) travels in
// a signed, HttpOnly, SameSite=Lax cookie that lives 10 minutes: nothing to store on the server, and a
// code sent back from another browser (login CSRF) finds no matching cookie.
import crypto from 'node:crypto';
import type { OAuthPurpose, SocialProvider } from '../../../common/contract/index.js';

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

export function createFlowSigner(secret: Buffer) {
  const mac = (body: string) => crypto.createHmac('sha256', secret).update(body).digest('base64url');
  return {
    seal(flow: OAuthFlow): string {
      const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
      return `${body}.${mac(body)}`;
    },
    /** The flow if the cookie is ours, untampered and not expired; else null. */
    open(value: string | undefined, now = Date.now()): OAuthFlow | null {
      if (!value || value.length > 4096) return null;
      const [body, signature] = value.split('.');
      if (!body || !signature) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      try {
        const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthFlow;
        return flow.expiresAt > now ? flow : null;
      } catch {
        return null;
      }
    },
  };
}
export type FlowSigner = ReturnType<typeof createFlowSigner>;
