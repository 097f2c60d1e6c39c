// A real OpenID Connect provider (oidc-provider) on 127.0.0.1, standing in for Google and Apple: discovery,
// JWKS, authorization with PKCE required, real login and consent pages (its dev interactions), token
// endpoint. Any login name is accepted; the name is the account's email ("unverified-..." is unverified).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { GOOGLE_DRIVE_SCOPE, OAuthReturnPages, OidcPaths } from '../../common/contract';
import type { OidcClientConfig } from '../../server/config';

export const GOOGLE_CLIENT = { id: 'parley-google', secret: 'google-test-secret' };
export const APPLE_CLIENT = { id: 'parley-apple', secret: 'apple-test-secret' };

export interface LocalOidcProvider {
  issuer: string;
  /** Parley's oidc config pointing at this provider. */
  parleyConfig: { google: OidcClientConfig; apple: OidcClientConfig };
  /** Registers Parley's return pages (known once Parley listens) and opens the provider. */
  allowRedirectsTo(parleyUrl: string): void;
  /** An ID token signed with the provider's own key (what Google's one-tap hands the browser). */
  signIdToken(
    claims: Record<string, unknown>,
    options?: { expiresIn?: string; foreignKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<LocalOidcProvider> {
  let handler: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handler) return handler(req, res);
    res.writeHead(503).end('not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const keys = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(keys.privateKey)), kid: 'local-test-key', alg: 'RS256', use: 'sig' };
  const foreign = await generateKeyPair('RS256');

  return {
    issuer,
    parleyConfig: {
      google: { issuer, clientId: GOOGLE_CLIENT.id, clientSecret: GOOGLE_CLIENT.secret },
      apple: { issuer, clientId: APPLE_CLIENT.id, clientSecret: APPLE_CLIENT.secret },
    },
    allowRedirectsTo(parleyUrl) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: GOOGLE_CLIENT.id,
            client_secret: GOOGLE_CLIENT.secret,
            redirect_uris: [
              parleyUrl + OAuthReturnPages.googleLogin,
              parleyUrl + OAuthReturnPages.googleDrive,
            ],
            token_endpoint_auth_method: 'client_secret_post',
          },
          {
            client_id: APPLE_CLIENT.id,
            client_secret: APPLE_CLIENT.secret,
            redirect_uris: [parleyUrl + OidcPaths.appleFormPost],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [jwk as never] },
        cookies: { keys: ['local-oidc-provider-cookie-key'] },
        pkce: { required: () => true },
        // Like Google and Apple: the email is in the ID token itself.
        conformIdTokenClaims: false,
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        scopes: ['openid', 'offline_access', 'email', 'profile', 'name', GOOGLE_DRIVE_SCOPE],
        features: { devInteractions: { enabled: true } },
        ttl: {
          AccessToken: 3600,
          AuthorizationCode: 60,
          Grant: 3600,
          IdToken: 3600,
          Interaction: 600,
          Session: 3600,
        },
        async findAccount(_ctx, id) {
          return {
            accountId: id,
            claims: async () => ({
              sub: `sub-${id}`,
              email: id,
              email_verified: !id.startsWith('unverified'),
              name: `${id[0].toUpperCase()}${id.split('@')[0].slice(1)} Tester`,
            }),
          };
        },
      });
      // Its quick-start pages import a web font from the internet; nothing here may leave this machine.
      provider.use(async (ctx, next) => {
        await next();
        if (typeof ctx.body === 'string') ctx.body = ctx.body.replace(/@import url\(https:[^)]*\);?/g, '');
      });
      handler = provider.callback();
    },
    async signIdToken(claims, options = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'local-test-key' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(options.foreignKey ? foreign.privateKey : keys.privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
