import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelSummary, TEST_CARDS, type Usage } from '../../common/contract';
import { usageRecords } from '../../server/db/schema';
import { loginMember, me, payWithCard } from '../helpers/billing';
import { solveCaptcha } from '../helpers/captcha';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';
import { presentationStream } from '../helpers/sse-post';

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
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        language: 'ar',
        gtoken: await solveCaptcha(server.url),
      },
      body: JSON.stringify({ requestId: `q-${kind}-ar`, message: 'again' }),
    });
    expect(((await arabic.json()) as { msg: string }).msg).toContain('30');

    // Deleting every chat does not give the messages back: usage is what was used, not what is stored.
    const listed = await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token });
    expect(listed.body.data.length).toBe(n);
    for (const channel of listed.body.data)
      expect(
        (
          await call(server.url, 'POST', '/api/v1/channel/delete', {
            token,
            body: { channelId: channel.channelId },
          })
        ).body.code,
      ).toBe(200);
    expect(
      (await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token })).body.data,
    ).toEqual([]);
    expect((await usage(token)).gpt3).toEqual({ used: n, total: n });
    const afterDelete = await streamSend(server.url, token, {
      requestId: `q-${kind}-deleted`,
      message: 'and now?',
    });
    expect(afterDelete.json).toMatchObject({ code: 20001, source: 'FREEDAYMAX', shortMessage: '30/30' });
  });

  it('regenerating, Ask AI, flowcharts and presentations are model calls counted against the same quota', async () => {
    const token = await newGuest(server.url);
    const userId = (await me(server, token)).uid;
    // 28 calls made earlier today.
    await server.services.db
      .insert(usageRecords)
      .values(Array.from({ length: 28 }, () => ({ userId, kind: 'chat', modelClass: 'standard' })));
    const first = await streamSend(server.url, token, { requestId: `m-${kind}-1`, message: 'hello' });
    expect(first.done?.status).toBe('done');
    expect((await usage(token)).gpt3.used).toBe(29);
    const channelId = first.meta?.channelId;
    const regenerated = await streamSend(server.url, token, {
      requestId: `m-${kind}-2`,
      channelId,
      message: '',
      regenerate: true,
    });
    expect(regenerated.done?.status).toBe('done');
    expect((await usage(token)).gpt3).toEqual({ used: 30, total: 30 });

    const over = { code: 20001, source: 'FREEDAYMAX', shortMessage: '30/30' };
    const again = await streamSend(server.url, token, {
      requestId: `m-${kind}-3`,
      channelId,
      message: '',
      regenerate: true,
    });
    expect(again.json).toMatchObject(over);
    const askAi = await streamSend(server.url, token, {
      requestId: `m-${kind}-4`,
      message: '',
      writingSelectionText: 'Rivers carry water to the sea.',
      writingDocPromptTemplateId: 120000,
    });
    expect(askAi.json).toMatchObject(over);
    const flowchart = await call(server.url, 'POST', '/api/v1/creation/flowchart', {
      token,
      body: { prompt: 'make tea' },
    });
    expect(flowchart.body).toMatchObject(over);
    const outline = await presentationStream(server.url, token, {
      requestId: `m-${kind}-5`,
      presentationId: `pres-quota-${kind}`,
      step: 'outline',
      topic: 'Tea',
    });
    expect(outline.json).toMatchObject(over);
    // Refused calls are not counted.
    expect((await usage(token)).gpt3).toEqual({ used: 30, total: 30 });
  });

  it('calls sent together at 29 of 30 take the last one once', async () => {
    const token = await newGuest(server.url);
    const userId = (await me(server, token)).uid;
    await server.services.db
      .insert(usageRecords)
      .values(Array.from({ length: 29 }, () => ({ userId, kind: 'chat', modelClass: 'standard' })));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(server.url, 'POST', '/api/v1/creation/flowchart', { token, body: { prompt: 'make tea' } }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 20001, 20001, 20001]);
    expect((await usage(token)).gpt3).toEqual({ used: 30, total: 30 });
  });

  it('below the quota a flowchart and a presentation outline each count one call', async () => {
    const token = await newGuest(server.url);
    const flowchart = await call(server.url, 'POST', '/api/v1/creation/flowchart', {
      token,
      body: { prompt: 'make tea' },
    });
    expect(flowchart.body.code).toBe(200);
    const outline = await presentationStream(server.url, token, {
      requestId: `p-${kind}-1`,
      presentationId: `pres-count-${kind}`,
      step: 'outline',
      topic: 'Tea',
    });
    expect(outline.done).toBeTruthy();
    expect((await usage(token)).gpt3.used).toBe(2);
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
