// Google and Apple login, one-tap and the Drive connector against a real OIDC provider on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChannelSummary,
  Connector,
  Envelope,
  LandingInfo,
  OAuthStart,
  UserInfo,
  UserProperties,
} from '../../common/contract';
import { CookieJar, signInAtProvider } from '../helpers/oidc-browser';
import { GOOGLE_CLIENT, type LocalOidcProvider, startOidcProvider } from '../helpers/oidc-provider';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('social login through a local OIDC provider on %s', (kind) => {
  let idp: LocalOidcProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startOidcProvider();
    server = await startTestServer(kind, { oidc: idp.parleyConfig });
    idp.allowRedirectsTo(server.url);
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  /** A call to Parley from the browser that holds this cookie jar. */
  async function parley<T>(
    jar: CookieJar,
    method: 'GET' | 'POST',
    path: string,
    token?: string,
    language = 'en',
  ) {
    const headers: Record<string, string> = { cookie: jar.header(), language };
    if (token) headers.Authorization = token;
    const response = await fetch(server.url + path, { method, headers });
    jar.take(response);
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  async function startFlow(jar: CookieJar, provider: 'google' | 'apple', purpose: string, token?: string) {
    const started = await parley<OAuthStart>(
      jar,
      'GET',
      `/bloom/oauth2/${provider}/start?purpose=${purpose}`,
      token,
    );
    expect(started.body.code).toBe(200);
    return started.body.data;
  }

  /** The whole round trip; answers the finishing call's envelope (data is the session token). */
  async function socialLogin(
    email: string,
    options: { provider?: 'google' | 'apple'; guest?: string; jar?: CookieJar } = {},
  ) {
    const provider = options.provider ?? 'google';
    const jar = options.jar ?? new CookieJar();
    const { url } = await startFlow(jar, provider, 'login', options.guest);
    const landed = await signInAtProvider(jar, url, email, server.url);
    const code = new URL(landed).searchParams.get('code') ?? '';
    const query = `?code=${encodeURIComponent(code)}&uri=${encodeURIComponent(landed)}`;
    return provider === 'google'
      ? parley<string>(jar, 'GET', `/bloom/oauth2/google/code${query}`, options.guest)
      : parley<string>(jar, 'POST', `/api/v1/auth/appleAuthCode${query}`, options.guest);
  }

  const me = async (token: string) =>
    (await call<UserInfo>(server.url, 'GET', '/api/v1/user/currentUser', { token })).body.data;

  it('tells the client which providers are configured', async () => {
    const landing = await call<LandingInfo>(server.url, 'GET', '/api/v1/landing');
    // The one-tap script only works with Google itself, so a stand-in issuer gets no client id.
    expect(landing.body.data.socialLogin).toEqual({
      google: true,
      apple: true,
      drive: true,
      oneTapClientId: null,
    });
  });

  it('Google login with code and PKCE creates the account from the verified email; Apple finds the same one', async () => {
    const jar = new CookieJar();
    const { url } = await startFlow(jar, 'google', 'login');
    const authorize = new URL(url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    const landed = await signInAtProvider(jar, url, 'Grace@Example.com', server.url);
    expect(new URL(landed).pathname).toBe('/oauth/google/callback');
    const code = new URL(landed).searchParams.get('code') ?? '';
    const login = await parley<string>(
      jar,
      'GET',
      `/bloom/oauth2/google/code?code=${code}&uri=${encodeURIComponent(landed)}`,
    );
    expect(login.body.code).toBe(200);
    const user = await me(login.body.data);
    // The provider's verified email, lower-cased, and the name it gave.
    expect(user).toMatchObject({ email: 'grace@example.com', username: 'Grace Tester', isLogin: true });

    const apple = await socialLogin('grace@example.com', { provider: 'apple' });
    expect(apple.body.code).toBe(200);
    expect((await me(apple.body.data)).uid).toBe(user.uid);
    // Each session says how it began (the user properties analytics read).
    const source = async (token: string) =>
      (await parley<UserProperties>(new CookieJar(), 'GET', '/api/v1/user/userProperties', token)).body.data
        .user_session_source;
    expect(await source(login.body.data)).toBe('google');
    expect(await source(apple.body.data)).toBe('apple');
  });

  it('a guest who logs in with Google keeps the chats made as a guest', async () => {
    const guest = await newGuest(server.url);
    const chat = await streamSend(server.url, guest, {
      requestId: 'guest-before-google',
      message: 'Made as a guest',
    });
    const login = await socialLogin('hedy@example.com', { guest });
    expect(login.body.code).toBe(200);
    const list = await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', {
      token: login.body.data,
    });
    expect(list.body.data.map((c) => c.channelId)).toEqual([chat.meta!.channelId]);
  });

  it('a wrong state, a missing flow cookie, or a replayed code is refused', async () => {
    const jar = new CookieJar();
    const { url } = await startFlow(jar, 'google', 'login');
    const landed = new URL(await signInAtProvider(jar, url, 'ida@example.com', server.url));
    const code = landed.searchParams.get('code') ?? '';
    const forged = new URL(landed);
    forged.searchParams.set('state', 'attacker-state');
    const wrongState = await parley<string>(
      jar,
      'GET',
      `/bloom/oauth2/google/code?code=${code}&uri=${encodeURIComponent(forged.href)}`,
      undefined,
      'es',
    );
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.msg).toBe(
      'Este inicio de sesión caducó o se inició en otro navegador. Vuelve a empezar.',
    );
    expect(wrongState.body.data).toBeNull();

    // The flow cookie is single use: the genuine return now finds no flow either.
    const replay = await parley<string>(
      jar,
      'GET',
      `/bloom/oauth2/google/code?code=${code}&uri=${encodeURIComponent(landed.href)}`,
    );
    expect(replay.status).toBe(400);

    // A code delivered to another browser (no flow cookie) is refused.
    const otherJar = new CookieJar();
    const { url: url2 } = await startFlow(otherJar, 'google', 'login');
    const landed2 = await signInAtProvider(otherJar, url2, 'ida@example.com', server.url);
    const code2 = new URL(landed2).searchParams.get('code') ?? '';
    const elsewhere = await parley<string>(
      new CookieJar(),
      'GET',
      `/bloom/oauth2/google/code?code=${code2}&uri=${encodeURIComponent(landed2)}`,
    );
    expect(elsewhere.body).toMatchObject({ code: 400, data: null });
  });

  it('an account without a verified email cannot log in', async () => {
    const login = await socialLogin('unverified@example.com');
    expect(login.status).toBe(400);
    expect(login.body.msg).toBe('Your Google account has no verified email address.');
  });

  it('one-tap accepts a token signed by the issuer and refuses forged, expired, foreign or replayed ones', async () => {
    const jar = new CookieJar();
    const { nonce } = await startFlow(jar, 'google', 'onetap');
    expect(nonce).toBeTruthy();
    const claims = {
      sub: 'sub-joan@example.com',
      email: 'joan@example.com',
      email_verified: true,
      aud: GOOGLE_CLIENT.id,
    };
    const oneTap = (idToken: string, j = jar) =>
      parley<string>(j, 'GET', `/bloom/oauth2/google/onetap?idTokenString=${idToken}`);

    const forged = await oneTap(await idp.signIdToken({ ...claims, nonce }, { foreignKey: true }));
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('Google could not confirm this sign-in. Please start it again.');

    const expiredJar = new CookieJar();
    const { nonce: n2 } = await startFlow(expiredJar, 'google', 'onetap');
    const expired = await oneTap(
      await idp.signIdToken({ ...claims, nonce: n2 }, { expiresIn: '-1m' }),
      expiredJar,
    );
    expect(expired.body).toMatchObject({ code: 400, data: null });

    const otherAudience = await oneTap(
      await idp.signIdToken({ ...claims, aud: 'someone-else' }),
      new CookieJar(),
    );
    expect(otherAudience.body.code).toBe(400);

    const goodJar = new CookieJar();
    const { nonce: n3 } = await startFlow(goodJar, 'google', 'onetap');
    const wrongNonce = await oneTap(
      await idp.signIdToken({ ...claims, nonce: 'not-the-issued-one' }),
      goodJar,
    );
    expect(wrongNonce.body.code).toBe(400);

    const okJar = new CookieJar();
    const { nonce: n4 } = await startFlow(okJar, 'google', 'onetap');
    const genuine = await oneTap(await idp.signIdToken({ ...claims, nonce: n4 }), okJar);
    expect(genuine.body.code).toBe(200);
    expect((await me(genuine.body.data)).email).toBe('joan@example.com');
    expect(n3).not.toBe(n4);
  });

  it('Google Drive connects with the file scope on the consent page and disconnects', async () => {
    const login = await socialLogin('kay@example.com');
    const token = login.body.data;
    const jar = new CookieJar();
    const { url } = await startFlow(jar, 'google', 'drive', token);
    expect(new URL(url).searchParams.get('scope')).toContain('https://www.googleapis.com/auth/drive.file');
    const landed = await signInAtProvider(jar, url, 'kay@example.com', server.url);
    expect(new URL(landed).pathname).toBe('/oauth/google/drive');
    const code = new URL(landed).searchParams.get('code') ?? '';
    const connected = await parley<{ connectors: Connector[] }>(
      jar,
      'GET',
      `/bloom/oauth2/google/gdrivecallback?code=${code}&uri=${encodeURIComponent(landed)}`,
      token,
    );
    expect(connected.body.code).toBe(200);
    const drive = connected.body.data.connectors.find((c) => c.type === 'GOOGLE_DRIVE')!;
    expect(drive.status).toBe(1);
    expect(drive.access_token).toBeTruthy();
    expect(Date.parse(drive.expires_at!)).toBeGreaterThan(Date.now());

    // Another user sees nothing of it.
    const other = (await socialLogin('lin@example.com')).body.data;
    const theirs = await call<{ connectors: Connector[] }>(server.url, 'GET', '/api/v1/user/checkConnector', {
      token: other,
    });
    expect(theirs.body.data.connectors.find((c) => c.type === 'GOOGLE_DRIVE')).toMatchObject({
      status: 0,
      access_token: null,
    });

    // Turning Drive on by the plain call is refused with a pointer to the consent page.
    const direct = await call(server.url, 'POST', '/api/v1/user/updateConnector', {
      token: other,
      body: { type: 'GOOGLE_DRIVE', status: 1 },
    });
    expect(direct.body.msg).toBe(
      "Google Drive connects on Google's consent page: use Connect in the settings.",
    );

    const off = await call<{ connectors: Connector[] }>(server.url, 'POST', '/api/v1/user/updateConnector', {
      token,
      body: { type: 'GOOGLE_DRIVE', status: 0 },
    });
    expect(off.body.data.connectors.find((c) => c.type === 'GOOGLE_DRIVE')).toMatchObject({
      status: 0,
      access_token: null,
    });
  });

  it('a guest cannot connect Drive, and a Drive return for another account is refused', async () => {
    const guest = await newGuest(server.url);
    const refused = await parley(new CookieJar(), 'GET', '/bloom/oauth2/google/start?purpose=drive', guest);
    expect(refused.body).toMatchObject({ code: 400, msg: 'Log in to connect Google Drive.' });

    const mia = (await socialLogin('mia@example.com')).body.data;
    const ned = (await socialLogin('ned@example.com')).body.data;
    const jar = new CookieJar();
    const { url } = await startFlow(jar, 'google', 'drive', mia);
    const landed = await signInAtProvider(jar, url, 'mia@example.com', server.url);
    const code = new URL(landed).searchParams.get('code') ?? '';
    const stolen = await parley(
      jar,
      'GET',
      `/bloom/oauth2/google/gdrivecallback?code=${code}&uri=${encodeURIComponent(landed)}`,
      ned,
    );
    expect(stolen.body.code).toBe(400);
  });
});
