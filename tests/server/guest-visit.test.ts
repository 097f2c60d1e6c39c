import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DATABASES, startTestServer, type TestServer, visitSign } from '../helpers/server';

describe.each(DATABASES)('guest visit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      rateLimit: {
        visitsPerMinute: 8,
        codeSendsPerHourPerIp: 100,
        loginAttemptsPerHourPerIp: 100,
        sharesPerHourPerUser: 1000,
      },
    });
  });
  afterAll(() => server.close());

  it('a fresh sign gets a guest token that authorises calls', async () => {
    const { body } = await call<{ token: string }>(server.url, 'POST', '/api/v1/auth/visit', {
      body: { sign: await visitSign(server.url) },
    });
    expect(body.code).toBe(200);
    expect(body.data.token.length).toBeGreaterThanOrEqual(40);
    const list = await call(server.url, 'GET', '/api/v1/chat/myChannelList', { token: body.data.token });
    expect(list.body).toEqual({ code: 200, msg: 'success', data: [] });
  });

  it('a sign used twice is refused the second time, in the caller language', async () => {
    const sign = await visitSign(server.url);
    expect((await call(server.url, 'POST', '/api/v1/auth/visit', { body: { sign } })).body.code).toBe(200);
    const again = await call(server.url, 'POST', '/api/v1/auth/visit', {
      body: { sign },
      headers: { language: 'es' },
    });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toBe('Esta visita ya se utilizó. Recarga la página.');
  });

  it('a sign older than five minutes, or garbage, is refused', async () => {
    const old = await visitSign(server.url, new Date(Date.now() - 6 * 60 * 1000));
    const stale = await call(server.url, 'POST', '/api/v1/auth/visit', { body: { sign: old } });
    expect(stale.body).toMatchObject({ code: 400, msg: 'This visit has expired. Please reload the page.' });
    const garbage = await call(server.url, 'POST', '/api/v1/auth/visit', {
      body: { sign: 'bm90IGEgc2lnbg==' },
    });
    expect(garbage.body).toMatchObject({
      code: 400,
      msg: 'This visit could not be verified. Please reload the page.',
    });
  });

  it('too many visits from one address are rate limited', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const { status } = await call(server.url, 'POST', '/api/v1/auth/visit', {
        body: { sign: await visitSign(server.url) },
      });
      codes.push(status);
    }
    expect(codes).toContain(429);
  });

  it('a call without a valid token gets HTTP 401', async () => {
    expect((await call(server.url, 'GET', '/api/v1/chat/myChannelList')).status).toBe(401);
    expect(
      (await call(server.url, 'GET', '/api/v1/chat/myChannelList', { token: 'forged-token' })).status,
    ).toBe(401);
  });
});

// A server of its own: the describe above holds visits to 8 a minute to test the limit.
describe.each(DATABASES)('visit signs compared in canonical form on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('a used sign re-encoded (no padding, url-safe alphabet, whitespace, leading zero bytes) is the same used sign', async () => {
    const sign = await visitSign(server.url);
    expect((await call(server.url, 'POST', '/api/v1/auth/visit', { body: { sign } })).body.code).toBe(200);
    const bytes = Buffer.from(sign, 'base64');
    const variants = [
      sign.replace(/=+$/, ''),
      bytes.toString('base64url'),
      `${bytes.toString('base64url')}==`,
      sign.replace(/(.{64})/g, '$1\n'),
      ` ${sign.slice(0, 10)} \t${sign.slice(10)}\r\n`,
    ];
    for (const variant of variants) {
      const again = await call(server.url, 'POST', '/api/v1/auth/visit', { body: { sign: variant } });
      expect(again.body).toMatchObject({
        code: 400,
        msg: 'This visit was already used. Please reload the page.',
      });
    }
    // RSA would read a longer block with a leading zero as the same number: it is not a sign at all.
    const padded = Buffer.concat([Buffer.alloc(1), bytes]).toString('base64');
    const longer = await call(server.url, 'POST', '/api/v1/auth/visit', { body: { sign: padded } });
    expect(longer.body).toMatchObject({ code: 400, data: null });
  });
});
