// Social login and the Google Drive connector: Parley's start step, then the provider's calls that finish it.
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  type OAuthPurpose,
  OAuthReturnPages,
  OidcPaths,
  type SocialProvider,
} from '../../common/contract/index.js';
import {
  AppleCodeQuery,
  AppleFormPost,
  OAuthCodeQuery,
  OAuthProviderParam,
  OAuthStartQuery,
  OneTapQuery,
} from '../../common/contract/social-login.schema.js';
import { badRequest, tooManyRequests } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readQuery } from '../http/validate.js';
import { FLOW_TTL_MS, flowCookieName } from '../services/social-login/oauth-flow.js';

/** Where the provider sends the browser back: the public address when set, else this request's origin. */
const baseUrl = (c: Context<AppEnv>) =>
  (c.get('services').config.publicBaseUrl ?? new URL(c.req.url).origin).replace(/\/$/, '');

/** Finishing a login costs a call to the provider: it counts against the per-IP login attempts. */
async function countAttempt(c: Context<AppEnv>) {
  if (!(await c.get('services').loginAttempts.take(`ip:${c.get('info').ip}`))) throw tooManyRequests();
}

/** The flow cookie is read once: whatever happens next, a second use finds nothing. */
function takeFlow(c: Context<AppEnv>, provider: SocialProvider, purpose: OAuthPurpose) {
  const name = flowCookieName(provider, purpose);
  const value = getCookie(c, name);
  deleteCookie(c, name, { path: '/' });
  return value;
}

const landedAt = (uri: string | undefined, code: string) => {
  try {
    return new URL(uri ?? `http://parley.invalid/?code=${encodeURIComponent(code)}`);
  } catch {
    throw badRequest('common.badRequest');
  }
};

/** The end of a code-flow login (Google's code call, Apple's): one attempt, the flow cookie taken once. */
async function finishCodeLogin(
  c: Context<AppEnv>,
  provider: SocialProvider,
  { code, uri }: { code: string; uri?: string },
) {
  await countAttempt(c);
  const token = await c
    .get('services')
    .socialLogin.loginWithCode(
      provider,
      takeFlow(c, provider, 'login'),
      code,
      landedAt(uri, code),
      c.get('caller'),
    );
  return ok(c, token);
}

export const socialLoginRoutes = new Hono<AppEnv>()
  .get('/bloom/oauth2/:provider/start', async (c) => {
    const parsed = OAuthProviderParam.safeParse(c.req.param('provider'));
    if (!parsed.success) throw badRequest('common.badRequest');
    const provider = parsed.data;
    const { purpose } = readQuery(c, OAuthStartQuery);
    const base = baseUrl(c);
    const { cookie, answer } = await c
      .get('services')
      .socialLogin.start(provider, purpose, base, c.get('caller'));
    setCookie(c, flowCookieName(provider, purpose), cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: base.startsWith('https:'),
      maxAge: FLOW_TTL_MS / 1000,
    });
    return ok(c, answer);
  })
  .get(OidcPaths.googleCode, (c) => finishCodeLogin(c, 'google', readQuery(c, OAuthCodeQuery)))
  .get(OidcPaths.googleOneTap, async (c) => {
    const { idTokenString } = readQuery(c, OneTapQuery);
    await countAttempt(c);
    const token = await c
      .get('services')
      .socialLogin.loginWithIdToken(idTokenString, takeFlow(c, 'google', 'onetap'), c.get('caller'));
    return ok(c, token);
  })
  .post(OidcPaths.appleAuthCode, (c) => finishCodeLogin(c, 'apple', readQuery(c, AppleCodeQuery)))
  // Apple posts the code cross-site, where the Lax flow cookie is not sent: hand it to the app's page.
  .post(OidcPaths.appleFormPost, async (c) => {
    const form = AppleFormPost.safeParse(
      Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string')),
    );
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(form.success ? form.data : { error: 'invalid_request' }))
      if (value) params.set(key, value);
    return c.redirect(`${OAuthReturnPages.appleLogin}?${params}`, 303);
  })
  .get(OidcPaths.googleDriveCallback, async (c) => {
    const caller = requireCaller(c);
    const { code, uri } = readQuery(c, OAuthCodeQuery);
    await countAttempt(c);
    const { socialLogin, userSettings } = c.get('services');
    await socialLogin.connectDrive(caller, takeFlow(c, 'google', 'drive'), code, landedAt(uri, code));
    return ok(c, { connectors: await userSettings.connectors(caller) });
  });
