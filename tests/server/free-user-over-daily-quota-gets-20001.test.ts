import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, type Usage } from '../../src/api/contract';
import { loginMember, payWithCard } from '../helpers/billing';
import { call, DATABASES, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('chat quotas on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const usage = async (token: string) =>
    (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token })).body.data;

  it('a free user’s (N+1)th Standard chat of the day answers 20001 with message, source and shortMessage', async () => {
    const token = await loginMember(server, 'free-quota@example.com');
    const { gpt3, period } = await usage(token);
    expect(period).toBe('day');
    const n = gpt3.total;
    expect(n).toBe(30);
    for (let i = 0; i < n; i++) {
      const sent = await streamSend(server.url, token, {
        requestId: `q-${kind}-${i}`,
        message: `hello ${i}`,
      });
      expect(sent.done?.status, `message ${i + 1}`).toBe('done');
    }
    expect((await usage(token)).gpt3).toEqual({ used: n, total: n });
    const over = await streamSend(server.url, token, { requestId: `q-${kind}-over`, message: 'one more' });
    expect(over.json).toMatchObject({
      code: 20001,
      msg: 'You have used all 30 messages of your free plan today. Upgrade for more.',
      source: 'FREEDAYMAX',
      shortMessage: '30/30',
    });
    // The same in the caller's language.
    const arabic = await fetch(`${server.url}/api/v1/chat/send`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json', language: 'ar' },
      body: JSON.stringify({ requestId: `q-${kind}-ar`, message: 'again' }),
    });
    expect(((await arabic.json()) as { msg: string }).msg).toContain('30');
  });

  it('pro models need a paid plan; after paying they count against the monthly quota', async () => {
    const token = await loginMember(server, 'pro-model@example.com');
    const refused = await streamSend(server.url, token, {
      requestId: `pm-${kind}-1`,
      message: 'hi',
      model: 'GPT-4o',
    });
    expect(refused.json).toMatchObject({ code: 20001, source: 'GPT4Turbo' });
    await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const allowed = await streamSend(server.url, token, {
      requestId: `pm-${kind}-2`,
      message: 'hi',
      model: 'GPT-4o',
    });
    expect(allowed.done?.status).toBe('done');
    expect(await usage(token)).toMatchObject({
      period: 'month',
      gpt4: { used: 1, total: 300 },
      gpt3: { total: 3000 },
    });
  });
});
