// One OpenID Connect relying party per provider (Google, Apple, or any issuer): discovered lazily on first
// use, so an unconfigured or unreachable provider never blocks start-up. Authorization-code flow with
// state, nonce and PKCE (openid-client); stand-alone ID tokens (Google one-tap) are verified with jose
// against the issuer's published JWKS.
import type { createRemoteJWKSet, JWTPayload } from 'jose';
import type * as Oidc from 'openid-client';
import type { OidcClientConfig } from '../../config.js';

export interface AuthorizationRequest {
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Apple sends the code back as a form post when name or email is asked for. */
  responseMode?: 'form_post';
  extra?: Record<string, string>;
}

export interface CodeExchange {
  /** The redirect URI given at the start, plus the parameters the provider sent back. */
  callbackUrl: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface CodeResult {
  identity: VerifiedIdentity;
  accessToken: string;
  /** Seconds, as the provider said; null when it did not. */
  expiresIn: number | null;
  grantedScopes: string[];
}

/** A refusal worth telling apart from a provider that cannot be reached. */
export class OidcRejected extends Error {}

// Local test providers run on plain HTTP; anything else must be HTTPS.
const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

function identityFrom(claims: JWTPayload): VerifiedIdentity {
  // Apple sends email_verified as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    subject: String(claims.sub ?? ''),
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: verified,
    name: typeof claims.name === 'string' ? claims.name : null,
  };
}

export function createOidcClient(settings: OidcClientConfig) {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<Oidc.Configuration> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  const configuration = () => {
    if (!settings.clientId || !settings.clientSecret) throw new OidcRejected('not configured');
    const { clientId, clientSecret } = settings;
    discovered ??= import('openid-client')
      .then((oidc) =>
        oidc.discovery(
          issuer,
          clientId,
          clientSecret,
          undefined,
          isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
        ),
      )
      .catch((error: unknown) => {
        // Try again on the next use: the provider may be back.
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    configured: Boolean(settings.clientId && settings.clientSecret),
    clientId: settings.clientId,
    issuer: settings.issuer,

    async authorizationUrl(request: AuthorizationRequest): Promise<string> {
      const config = await configuration();
      const oidc = await import('openid-client');
      const params: Record<string, string> = {
        redirect_uri: request.redirectUri,
        scope: request.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        ...request.extra,
      };
      if (request.responseMode) params.response_mode = request.responseMode;
      return oidc.buildAuthorizationUrl(config, params).href;
    },

    /** Exchanges the code (state, nonce and PKCE checked) and answers the verified identity. */
    async exchangeCode(exchange: CodeExchange): Promise<CodeResult> {
      const config = await configuration();
      const oidc = await import('openid-client');
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, exchange.callbackUrl, {
          expectedState: exchange.state,
          expectedNonce: exchange.nonce,
          pkceCodeVerifier: exchange.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new OidcRejected(error instanceof Error ? error.message : String(error));
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcRejected('no id token');
      return {
        identity: identityFrom(claims),
        accessToken: tokens.access_token,
        expiresIn: typeof tokens.expires_in === 'number' ? tokens.expires_in : null,
        grantedScopes: (tokens.scope ?? '').split(' ').filter(Boolean),
      };
    },

    /** A stand-alone ID token: signature by the issuer's JWKS, iss, aud, exp, and the nonce when expected. */
    async verifyIdToken(idToken: string, expectedNonce: string | null): Promise<VerifiedIdentity> {
      const config = await configuration();
      const metadata = config.serverMetadata();
      if (!metadata.jwks_uri) throw new OidcRejected('issuer publishes no keys');
      // jose (like openid-client) is loaded at first use, not at start.
      const { createRemoteJWKSet, jwtVerify } = await import('jose');
      jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          // Google documents both spellings of its issuer in ID tokens.
          issuer:
            metadata.issuer === 'https://accounts.google.com'
              ? [metadata.issuer, 'accounts.google.com']
              : metadata.issuer,
          audience: settings.clientId ?? '',
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (error) {
        throw new OidcRejected(error instanceof Error ? error.message : String(error));
      }
      if ((expectedNonce !== null || payload.nonce !== undefined) && payload.nonce !== expectedNonce)
        throw new OidcRejected('nonce mismatch');
      return identityFrom(payload);
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
