// A local HTTP server speaking OpenAI's streaming chat completions protocol stands in for the provider.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
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
  waitFor,
} from '../helpers/server';

/**
 * failOnce: a 503 to the first request, then answers; split: the answer's events cut across writes, in the
 * middle of a JSON text and of a character of several bytes.
 */
type Behaviour = 'answer' | 'fail' | 'hang' | 'failOnce' | 'split';

interface FakeProvider {
  url: string;
  requests: {
    model: string;
    messages: { role: string; content: string }[];
    stream: boolean;
    auth: string | undefined;
  }[];
  behaviour: Behaviour;
  /** Hanging requests whose connection Parley closed (a request it let go). */
  letGo: number;
  close(): Promise<void>;
}

async function startFakeOpenAi(): Promise<FakeProvider> {
  const state: FakeProvider = {
    url: '',
    requests: [],
    behaviour: 'answer',
    letGo: 0,
    close: async () => {},
  };
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
      if (state.behaviour === 'failOnce') {
        state.behaviour = 'answer';
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '10' });
        res.end(JSON.stringify({ error: { message: 'try again' } }));
        return;
      }
      if (state.behaviour === 'split') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const events = ['Grüße', ' 你好', ' 🚀'].map(
          (piece) =>
            `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\r\n\r\n`,
        );
        const bytes = Buffer.from(`: keep-alive\n\n${events.join('')}data: [DONE]\n\n`);
        // Every 7 bytes in its own write: events, JSON and characters are cut anywhere.
        let at = 0;
        const next = () => {
          if (at >= bytes.length) return void res.end();
          res.write(bytes.subarray(at, at + 7));
          at += 7;
          setImmediate(next);
        };
        next();
        return;
      }
      if (state.behaviour === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (state.behaviour === 'hang') {
        hanging.add(res);
        const letGo = () => {
          if (hanging.delete(res)) state.letGo += 1;
        };
        res.on('close', letGo);
        // A client that let go between sending its body and this handler closed before 'close' was listened
        // for (under load, the refused question's abort came that soon): counted at once, not never.
        if (req.socket.destroyed) letGo();
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
      for (const res of [...hanging]) {
        hanging.delete(res);
        res.destroy();
      }
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
    // The provider's status and its own words, as the OpenAI SDK gave them.
    expect(result.chunks.at(-1)?.error).toContain('500 model overloaded');
  });

  it('a provider that refuses once (503) is asked once more, and the answer arrives', async () => {
    provider.behaviour = 'failOnce';
    const asked = provider.requests.length;
    const result = await streamSend(server.url, guest, { requestId: 'openai-retry', message: 'Once more' });
    expect(result.done).toEqual({ status: 'done' });
    expect(joinContent(result.chunks)).toBe('Hello from the provider.');
    expect(provider.requests.length - asked).toBe(2);
  });

  it('an answer whose events arrive cut anywhere (mid-JSON, mid-character) arrives whole', async () => {
    provider.behaviour = 'split';
    try {
      const result = await streamSend(server.url, guest, { requestId: 'openai-split', message: 'Split' });
      expect(result.done).toEqual({ status: 'done' });
      expect(joinContent(result.chunks)).toBe('Grüße 你好 🚀');
    } finally {
      provider.behaviour = 'answer';
    }
  });

  it('a provider that hangs fails after the timeout instead of hanging the client', async () => {
    provider.behaviour = 'hang';
    const asked = provider.requests.length;
    const letGo = provider.letGo;
    const result = await streamSend(server.url, guest, { requestId: 'openai-4', message: 'Hang please' });
    expect(result.done).toEqual({ status: 'failed' });
    expect(result.chunks.at(-1)?.error).toContain('no answer within');
    // Every request to the hung provider (the first and its one retry) is closed, not left open; and waited for
    // here, so a close arriving late under load is not counted by the next test.
    await waitFor(
      async () => [provider.requests.length - asked, provider.letGo - letGo],
      ([sent, closed]) => sent > 0 && sent === closed,
    );
  });

  it('a question that cannot be stored answers an error, and the model asked meanwhile is let go', async () => {
    // The model is asked while the question is being stored; here the database refuses to store it.
    await server.services.db.execute(sql`create function refuse_question() returns trigger language plpgsql as $$
      begin
        if new.content = 'Cannot be stored' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await server.services.db.execute(
      sql`create trigger refuse_question before insert on messages for each row execute function refuse_question()`,
    );
    try {
      provider.behaviour = 'answer';
      const first = await streamSend(server.url, guest, { requestId: 'openai-kept', message: 'First' });
      const channelId = first.meta!.channelId;
      provider.behaviour = 'hang';
      for (const [requestId, inChannel] of [
        ['openai-refused-1', channelId],
        ['openai-refused-2', undefined],
      ] as const) {
        const asked = provider.requests.length;
        const letGo = provider.letGo;
        const refused = await streamSend(server.url, guest, {
          requestId,
          ...(inChannel ? { channelId: inChannel } : {}),
          message: 'Cannot be stored',
        });
        // An error envelope, not a stream that would never end.
        expect(refused.meta).toBeNull();
        expect(refused.json?.code).toBe(500);
        // The model's request (if it went out) is closed, not left streaming into an answer nobody gets.
        await waitFor(
          async () => [provider.requests.length - asked, provider.letGo - letGo],
          ([sent, closed]) => sent === closed,
        );
        expect(provider.requests.length - asked).toBeLessThanOrEqual(1);
        // A retry of the same send is refused the same way (nothing half-made is resumed).
        const retried = await streamSend(server.url, guest, {
          requestId,
          ...(inChannel ? { channelId: inChannel } : {}),
          message: 'Cannot be stored',
        });
        expect(retried.json?.code).toBe(500);
      }
      // Nothing of them was kept: the chat is its first question and answer, and no other chat was made.
      const { body } = await call<{ messages: { role: string; content: string }[] }>(
        server.url,
        'POST',
        '/api/v1/chat/getChannel',
        { token: guest, body: { channelId } },
      );
      expect(body.data.messages.map((m) => [m.role, m.content])).toEqual([
        ['user', 'First'],
        ['assistant', 'Hello from the provider.'],
      ]);
      const list = await call<{ channelName: string }[]>(server.url, 'GET', '/api/v1/chat/myChannelList', {
        token: guest,
      });
      expect(JSON.stringify(list.body.data)).not.toContain('Cannot be stored');
    } finally {
      await server.services.db.execute(sql`drop trigger refuse_question on messages`);
      await server.services.db.execute(sql`drop function refuse_question()`);
      provider.behaviour = 'answer';
    }
  });

  it('the model list says a real provider is configured', async () => {
    const { body } = await call<LandingInfo>(server.url, 'GET', '/api/v1/landing');
    expect(body.data.aiProviderConfigured).toBe(true);
    expect(body.data.modelList.every((m) => m.offline === false)).toBe(true);
  });
});
