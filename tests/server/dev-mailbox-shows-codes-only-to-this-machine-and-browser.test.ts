// The dev mailbox (no SMTP configured) must not hand anyone a login code: from another machine (or through
// a proxy) it is refused unless the operator token from the start-up log is given, and a browser on the
// server itself sees only the codes it asked for.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanHeaders } from '../helpers/captcha';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

/** This machine's address on its network, when it has one: a request to it does not come from loopback. */
const externalAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe.each(DATABASES)('dev mailbox on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { host: '0.0.0.0' });
  });
  afterAll(() => server.close());

  /** Asks a code like the app does; answers the browser's mailbox cookie ("name=value"). */
  async function askCode(email: string, cookie?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}/api/v1/auth/toLoginByEmailValidationCode`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(await humanHeaders(server.url)),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    return cookie ?? response.headers.get('set-cookie')?.split(';')[0] ?? '';
  }
  const codeOf = (email: string) =>
    server.services.mailer
      .recent()
      .find((m) => m.to === email)!
      .text.match(/\b\d{6}\b/)![0];
  const mailbox = async (
    options: { base?: string; cookie?: string; query?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${options.base ?? server.url}/dev/mailbox${options.query ?? ''}`, {
      headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
    });
    return { status: response.status, page: await response.text() };
  };

  it('an outsider who asks a code for the victim cannot read it: refused through a proxy and from the network', async () => {
    await askCode('victim@example.com', undefined, { 'X-Forwarded-For': '203.0.113.9' });
    const code = codeOf('victim@example.com');
    const proxied = await mailbox({ headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect(proxied.page).not.toContain(code);
    if (externalAddress) {
      const remote = await mailbox({ base: `http://${externalAddress}:${server.port}` });
      expect(remote.status).toBe(403);
      expect(remote.page).not.toContain(code);
    }
  });

  it('a browser on the server sees only the codes it asked for', async () => {
    const mine = await askCode('me@example.com');
    const theirs = await askCode('them@example.com');
    expect(mine).toMatch(/^parley_mailbox=/);
    expect(theirs).not.toBe(mine);
    const seen = await mailbox({ cookie: mine });
    expect(seen.status).toBe(200);
    expect(seen.page).toContain(codeOf('me@example.com'));
    expect(seen.page).not.toContain(codeOf('them@example.com'));
    expect(seen.page).not.toContain('victim@example.com');
    // The same browser asking again keeps its binding.
    expect((await mailbox()).page).not.toContain(codeOf('me@example.com'));
  });

  it('the operator token from the start-up log shows every code, from anywhere', async () => {
    const token = server.services.mailer.operatorToken!;
    const base = externalAddress ? `http://${externalAddress}:${server.port}` : server.url;
    const all = await mailbox({ base, query: `?token=${token}` });
    expect(all.status).toBe(200);
    expect(all.page).toContain(codeOf('victim@example.com'));
    expect(all.page).toContain(codeOf('them@example.com'));
    expect((await mailbox({ base, query: `?token=${token.slice(1)}x` })).status).toBe(403);
  });

  it('login still works with the code read from the mailbox', async () => {
    const cookie = await askCode('reader@example.com');
    const code = (await mailbox({ cookie })).page.match(/login code is (\d{6})/)![1];
    const { body } = await call<string>(server.url, 'POST', '/api/v1/auth/loginByEmailValidationCode', {
      body: { email: 'reader@example.com', code },
    });
    expect(body.data).toBeTruthy();
  });
});
