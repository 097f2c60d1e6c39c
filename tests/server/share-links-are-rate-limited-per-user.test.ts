import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareCreated } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('share link rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      rateLimit: {
        visitsPerMinute: 1000,
        codeSendsPerHourPerIp: 1000,
        loginAttemptsPerHourPerIp: 1000,
        sharesPerHourPerUser: 2,
      },
    });
  });
  afterAll(() => server.close());

  async function chat(token: string) {
    const result = await streamSend(server.url, token, {
      requestId: `r-${crypto.randomUUID()}`,
      message: 'Hi',
    });
    return result.meta!.channelId;
  }
  const share = (token: string, channelId: string, language = 'en') =>
    call<ShareCreated>(server.url, 'POST', '/api/v1/channel/share/create', {
      token,
      body: { channelId },
      headers: { language },
    });

  it('the third share link within the hour is refused with 429 in the caller language; others may still share', async () => {
    const alice = await newGuest(server.url);
    const channelId = await chat(alice);
    expect((await share(alice, channelId)).body.code).toBe(200);
    expect((await share(alice, channelId)).body.code).toBe(200);
    const third = await share(alice, channelId, 'es');
    expect(third.status).toBe(429);
    expect(third.body.msg).toMatch(/\S/);
    expect(third.body.msg).not.toBe((await share(alice, channelId, 'en')).body.msg);

    const bob = await newGuest(server.url);
    expect((await share(bob, await chat(bob))).body.code).toBe(200);
  });
});
