// A local HTTP server speaking OpenAI's streaming chat completions protocol stands in for the provider.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LandingInfo } from '../../common/contract';
import {
  call,
  DATABASES,
  joinContent,
  newGuest,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

type Behaviour = 'answer' | 'fail' | 'hang';

interface FakeProvider {
  url: string;
  requests: {
    model: string;
    messages: { role: string; content: string }[];
    stream: boolean;
    auth: string | undefined;
  }[];
  behaviour: Behaviour;
  close(): Promise<void>;
}

async function startFakeOpenAi(): Promise<FakeProvider> {
  const state: FakeProvider = { url: '', requests: [], behaviour: 'answer', close: async () => {} };
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (part) => {
      raw += part;
    });
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw);
      state.requests.push({
        model: body.model,
        messages: body.messages,
        stream: body.stream,
        auth: req.headers.authorization,
      });
      if (state.behaviour === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (state.behaviour === 'hang') {
        hanging.add(res);
        return;
      }
      const pieces = ['Hello', ' from', ' the', ' provider', '.'];
      for (const [index, piece] of pieces.entries()) {
        const chunk = {
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model: body.model,
          choices: [
            {
              index: 0,
              delta: index === 0 ? { role: 'assistant', content: piece } : { content: piece },
              finish_reason: null,
            },
          ],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

describe.each(DATABASES)('OpenAI-compatible provider on %s', (kind) => {
  let provider: FakeProvider;
  let server: TestServer;
  let guest: string;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    server = await startTestServer(kind, {
      ai: { baseUrl: provider.url, apiKey: 'sk-test', modelMap: { Standard: 'tiny-model' }, timeoutMs: 1500 },
    });
    guest = await newGuest(server.url);
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });

  it('streams the provider answer through Parley, with the mapped model and the whole conversation', async () => {
    provider.behaviour = 'answer';
    const first = await streamSend(server.url, guest, { requestId: 'openai-1', message: 'Hi provider' });
    expect(joinContent(first.chunks)).toBe('Hello from the provider.');
    expect(first.done).toEqual({ status: 'done' });
    await streamSend(server.url, guest, {
      requestId: 'openai-2',
      channelId: first.meta!.channelId,
      message: 'Second question',
    });
    const sent = provider.requests.at(-1)!;
    expect(sent.model).toBe('tiny-model');
    expect(sent.stream).toBe(true);
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.messages).toEqual([
      { role: 'user', content: 'Hi provider' },
      { role: 'assistant', content: 'Hello from the provider.' },
      { role: 'user', content: 'Second question' },
    ]);
  });

  it('a provider error reaches the client as an error chunk and a failed answer', async () => {
    provider.behaviour = 'fail';
    const result = await streamSend(server.url, guest, { requestId: 'openai-3', message: 'Fail please' });
    expect(result.done).toEqual({ status: 'failed' });
    expect(result.chunks.at(-1)?.error).toMatch(/^The AI provider failed to answer/);
  });

  it('a provider that hangs fails after the timeout instead of hanging the client', async () => {
    provider.behaviour = 'hang';
    const result = await streamSend(server.url, guest, { requestId: 'openai-4', message: 'Hang please' });
    expect(result.done).toEqual({ status: 'failed' });
    expect(result.chunks.at(-1)?.error).toContain('no answer within');
  });

  it('the model list says a real provider is configured', async () => {
    const { body } = await call<LandingInfo>(server.url, 'GET', '/api/v1/landing');
    expect(body.data.aiProviderConfigured).toBe(true);
    expect(body.data.modelList.every((m) => m.offline === false)).toBe(true);
  });
});
