// Google and Apple login, Google one-tap, and connecting Google Drive, on top of the OIDC adapter.
// A provider account is matched to a Parley account by (provider, subject) first, then by verified email.
import { and, eq } from 'drizzle-orm';
import {
  ConnectorStatus,
  GOOGLE_DRIVE_SCOPE,
  type OAuthPurpose,
  OAuthReturnPages,
  OidcPaths,
  ResponseCode,
  type SocialLoginConfig,
  type SocialProvider,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { connectors, userIdentities } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { type OidcClients, OidcRejected, type VerifiedIdentity } from '../../providers/oidc/index.js';
import { completeLogin, findOrCreateMember } from '../auth/account-login.js';
import { normaliseEmail } from '../auth/login-codes.js';
import type { Caller, SessionService } from '../auth/sessions.js';
import { FLOW_TTL_MS, type FlowSigner, type OAuthFlow } from './oauth-flow.js';

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };
const REAL_GOOGLE_ISSUER = 'https://accounts.google.com';

const bad = (
  key: 'oauth.flowExpired' | 'oauth.rejected' | 'oauth.emailUnverified',
  provider: SocialProvider,
) =>
  new AppError(ResponseCode.BadRequest, key, {
    httpStatus: 400,
    params: { provider: PROVIDER_NAMES[provider] },
  });

function plan(provider: SocialProvider, purpose: OAuthPurpose, base: string) {
  if (purpose === 'drive')
    return { redirectUri: base + OAuthReturnPages.googleDrive, scope: `openid email ${GOOGLE_DRIVE_SCOPE}` };
  if (provider === 'apple')
    return {
      redirectUri: base + OidcPaths.appleFormPost,
      scope: 'openid email name',
      responseMode: 'form_post' as const,
    };
  return { redirectUri: base + OAuthReturnPages.googleLogin, scope: 'openid email profile' };
}

export function createSocialLoginService(deps: {
  db: Database;
  clients: OidcClients;
  signer: FlowSigner;
  sessions: SessionService;
  logger: Logger;
}) {
  const { db, clients, signer, logger } = deps;

  const client = (provider: SocialProvider) => {
    const found = clients[provider];
    if (!found.configured)
      throw new AppError(ResponseCode.BadRequest, 'oauth.notConfigured', {
        httpStatus: 400,
        params: { provider: PROVIDER_NAMES[provider] },
      });
    return found;
  };

  /** Runs a provider call: a refusal is the caller's problem (400), anything else means unreachable (502). */
  async function talk<T>(provider: SocialProvider, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof OidcRejected) {
        logger.info({ provider, reason: error.message }, 'social login refused');
        throw bad('oauth.rejected', provider);
      }
      logger.warn({ provider, err: error }, 'identity provider unreachable');
      throw new AppError(ResponseCode.ServerError, 'oauth.unreachable', {
        httpStatus: 502,
        params: { provider: PROVIDER_NAMES[provider] },
      });
    }
  }

  async function accountFor(provider: SocialProvider, identity: VerifiedIdentity): Promise<string> {
    const [linked] = await db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)))
      .limit(1);
    if (linked) return linked.userId;
    if (!identity.email || !identity.emailVerified || !identity.subject)
      throw bad('oauth.emailUnverified', provider);
    const userId = await findOrCreateMember(db, normaliseEmail(identity.email), identity.name);
    await db
      .insert(userIdentities)
      .values({ provider, subject: identity.subject, userId })
      .onConflictDoNothing();
    return userId;
  }

  /** The flow of this cookie, checked against what came back: same provider and purpose, same state. */
  function flowFor(
    sealed: string | undefined,
    provider: SocialProvider,
    purpose: OAuthPurpose,
    state: string | null,
  ) {
    const flow = signer.open(sealed);
    if (!flow || flow.provider !== provider || flow.purpose !== purpose)
      throw bad('oauth.flowExpired', provider);
    if (state !== flow.state) throw bad('oauth.flowExpired', provider);
    return flow;
  }

  /** The redirect URI of the flow plus exactly the parameters the provider sent back to the browser. */
  function callbackUrl(flow: OAuthFlow, landed: URL, code: string): URL {
    if (landed.searchParams.get('code') !== code) throw bad('oauth.rejected', flow.provider);
    const url = new URL(flow.redirectUri);
    for (const [key, value] of landed.searchParams) url.searchParams.append(key, value);
    return url;
  }

  return {
    config(): SocialLoginConfig {
      const google = clients.google;
      return {
        google: google.configured,
        apple: clients.apple.configured,
        drive: google.configured,
        // Google's one-tap script only talks to Google itself; a stand-in issuer gets no prompt.
        oneTapClientId:
          google.configured && google.issuer.replace(/\/$/, '') === REAL_GOOGLE_ISSUER
            ? google.clientId
            : null,
      };
    },

    /** Starts a round trip: the sealed flow goes into a cookie, the URL (or one-tap nonce) to the client. */
    async start(provider: SocialProvider, purpose: OAuthPurpose, base: string, caller: Caller | null) {
      const rp = client(provider);
      if (provider === 'apple' && purpose !== 'login')
        throw new AppError(ResponseCode.BadRequest, 'common.badRequest', { httpStatus: 400 });
      if (purpose === 'drive' && caller?.kind !== 'member')
        throw new AppError(ResponseCode.BadRequest, 'connector.driveNeedsLogin', { httpStatus: 401 });
      const steps = plan(provider, purpose, base);
      // openid-client is loaded at the first social login, not at start (the server's idle memory stays small).
      const oidc = await import('openid-client');
      const flow: OAuthFlow = {
        provider,
        purpose,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri: steps.redirectUri,
        userId: purpose === 'drive' ? (caller?.userId ?? null) : null,
        expiresAt: Date.now() + FLOW_TTL_MS,
      };
      const url =
        purpose === 'onetap'
          ? ''
          : await talk(provider, () =>
              rp.authorizationUrl({
                redirectUri: steps.redirectUri,
                scope: steps.scope,
                state: flow.state,
                nonce: flow.nonce,
                codeVerifier: flow.codeVerifier,
                responseMode: steps.responseMode,
              }),
            );
      return { cookie: signer.seal(flow), answer: { url, nonce: purpose === 'onetap' ? flow.nonce : '' } };
    },

    /** Google or Apple sent the browser back with a code: a session token for the matching account. */
    async loginWithCode(
      provider: SocialProvider,
      sealed: string | undefined,
      code: string,
      landed: URL,
      guest: Caller | null,
    ) {
      const rp = client(provider);
      const flow = flowFor(sealed, provider, 'login', landed.searchParams.get('state'));
      const result = await talk(provider, () =>
        rp.exchangeCode({
          callbackUrl: callbackUrl(flow, landed, code),
          state: flow.state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        }),
      );
      return completeLogin(db, deps.sessions, await accountFor(provider, result.identity), guest, provider);
    },

    /** Google one-tap: the ID token is checked against Google's keys, and against the nonce Parley issued. */
    async loginWithIdToken(idToken: string, sealed: string | undefined, guest: Caller | null) {
      const rp = client('google');
      const flow = signer.open(sealed);
      const nonce = flow?.provider === 'google' && flow.purpose === 'onetap' ? flow.nonce : null;
      const identity = await talk('google', () => rp.verifyIdToken(idToken, nonce));
      return completeLogin(db, deps.sessions, await accountFor('google', identity), guest, 'google');
    },

    /** Google sent the browser back from the Drive consent page: the connector becomes enabled. */
    async connectDrive(caller: Caller, sealed: string | undefined, code: string, landed: URL) {
      const rp = client('google');
      const flow = flowFor(sealed, 'google', 'drive', landed.searchParams.get('state'));
      if (flow.userId !== caller.userId) throw bad('oauth.flowExpired', 'google');
      const result = await talk('google', () =>
        rp.exchangeCode({
          callbackUrl: callbackUrl(flow, landed, code),
          state: flow.state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        }),
      );
      if (!result.grantedScopes.includes(GOOGLE_DRIVE_SCOPE))
        throw new AppError(ResponseCode.BadRequest, 'connector.driveScopeMissing', { httpStatus: 400 });
      const values = {
        status: ConnectorStatus.Enabled,
        accessToken: result.accessToken,
        expiresAt: result.expiresIn === null ? null : new Date(Date.now() + result.expiresIn * 1000),
        updatedAt: new Date(),
      };
      await db
        .insert(connectors)
        .values({ userId: caller.userId, type: 'GOOGLE_DRIVE', ...values })
        .onConflictDoUpdate({ target: [connectors.userId, connectors.type], set: values });
    },
  };
}
export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
