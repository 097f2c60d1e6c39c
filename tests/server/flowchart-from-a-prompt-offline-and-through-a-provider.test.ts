import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flowchart } from '../../common/contract';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('flowcharts on %s', (kind) => {
  let offline: TestServer;
  let online: TestServer;
  let provider: FakeOpenAi;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    offline = await startTestServer(kind);
    online = await startTestServer(kind, {
      ai: { baseUrl: provider.url, apiKey: 'k', modelMap: { Standard: 'small-model' }, timeoutMs: 10_000 },
    });
  });
  afterAll(async () => {
    await offline.close();
    await online.close();
    await provider.close();
  });

  it('the offline model draws the listed steps in order, a question as a decision', async () => {
    const guest = await newGuest(offline.url);
    const result = await call<Flowchart>(offline.url, 'POST', '/api/v1/creation/flowchart', {
      token: guest,
      body: { prompt: 'Make tea: boil water, then add the leaves, is it strong enough?, pour' },
    });
    expect(result.body.data.generatedBy).toBe('offline');
    expect(result.body.data.code.split('\n')).toEqual([
      'flowchart TD',
      '  start([Start])',
      '  s1["boil water"]',
      '  s2["add the leaves"]',
      '  s3{"is it strong enough?"}',
      '  s4["pour"]',
      '  finish([End])',
      '  start --> s1',
      '  s1 --> s2',
      '  s2 --> s3',
      '  s3 -->|yes| s4',
      '  s3 -->|no| finish',
      '  s4 --> finish',
    ]);
    // Its own start and end nodes are in the caller's language; the steps stay as the user wrote them.
    const arabic = await call<Flowchart>(offline.url, 'POST', '/api/v1/creation/flowchart', {
      token: guest,
      body: { prompt: 'اغلِ الماء ثم اسكب' },
      headers: { language: 'ar' },
    });
    expect(arabic.body.data.code).toContain('  start([البداية])');
    expect(arabic.body.data.code).toContain('  finish([النهاية])');
    expect(arabic.body.data.code).not.toMatch(/Start|End/);
  });

  it("takes a real model's mermaid block, and refuses an answer that is not a flowchart", async () => {
    const guest = await newGuest(online.url);
    provider.answer = () => 'Here you go:\n```mermaid\nflowchart LR\n  a["Plan"] --> b["Build"]\n```\n';
    const result = await call<Flowchart>(online.url, 'POST', '/api/v1/creation/flowchart', {
      token: guest,
      body: { prompt: 'plan then build' },
    });
    expect(result.body.data).toEqual({ code: 'flowchart LR\n  a["Plan"] --> b["Build"]', generatedBy: 'ai' });
    expect(provider.chats.at(-1)?.model).toBe('small-model');
    expect(provider.chats.at(-1)?.messages.at(-1)?.content).toBe('plan then build');

    provider.answer = () => 'I cannot draw.';
    const refused = await call(online.url, 'POST', '/api/v1/creation/flowchart', {
      token: guest,
      body: { prompt: 'plan then build' },
      headers: { language: 'es' },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.msg).toBe(
      'La IA no respondió con un diagrama de flujo. Inténtalo de nuevo o reformúlalo.',
    );
  });

  it('asks for a description first, translated, and needs a caller', async () => {
    const guest = await newGuest(offline.url);
    const empty = await call(offline.url, 'POST', '/api/v1/creation/flowchart', {
      token: guest,
      body: { prompt: '  ' },
      headers: { language: 'zh' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请先描述流程图的步骤。');
    const anonymous = await call(offline.url, 'POST', '/api/v1/creation/flowchart', {
      body: { prompt: 'a' },
    });
    expect(anonymous.status).toBe(401);
  });
});
