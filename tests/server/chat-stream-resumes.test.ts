import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDetail, LandingInfo } from '../../common/contract';
import { messages } from '../../server/db/schema';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
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

describe.each(DATABASES)('chat stream on %s', (kind) => {
  let server: TestServer;
  let guest: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { offlineModel: { chunkDelayMs: 5 } });
    guest = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const detail = async (channelId: string) =>
    (
      await call<ChannelDetail>(server.url, 'POST', '/api/v1/chat/getChannel', {
        token: guest,
        body: { channelId },
      })
    ).body.data;

  it('streams meta, then chunks with increasing ids, then done; the channel is created', async () => {
    const result = await streamSend(server.url, guest, {
      requestId: 'stream-basic-1',
      message: 'What is a comet?',
    });
    expect(result.status).toBe(200);
    expect(result.contentType).toContain('text/event-stream');
    // Written to the socket by the server itself, the stream still carries every response's security headers.
    expect(result.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('cache-control')).toBe('no-cache');
    expect(result.meta?.channelName).toBe('What is a comet?');
    expect(result.chunks.map((c) => c.chunkId)).toEqual(result.chunks.map((_, i) => i));
    expect(result.ids).toEqual(result.chunks.map((c) => String(c.chunkId)));
    expect(result.done).toEqual({ status: 'done' });
    expect(joinContent(result.chunks)).toBe(
      composeOfflineAnswer([{ role: 'user', content: 'What is a comet?' }]),
    );
  });

  it('a send without a session is refused as such (401) whatever its body; a bad body with one is a 400', async () => {
    // The body is read while the session is: the missing session still answers first.
    for (const body of [{ requestId: 'no-session-1', message: 'Hello' }, { nonsense: true }]) {
      const refused = await call(server.url, 'POST', '/api/v1/chat/send', { body });
      expect(refused.status).toBe(401);
      expect(refused.body.msg).toBeTruthy();
    }
    const bad = await call(server.url, 'POST', '/api/v1/chat/send', {
      token: guest,
      body: { nonsense: true },
    });
    expect(bad.status).toBe(400);
  });

  it('the answer is finished and persisted even when the client leaves after the first chunk', async () => {
    const partial = await streamSend(
      server.url,
      guest,
      { requestId: 'stream-leave-1', message: 'Leave early please' },
      { stopAfterChunks: 1 },
    );
    expect(partial.chunks).toHaveLength(1);
    const finished = await waitFor(
      () => detail(partial.meta!.channelId),
      (d) => d.messages.at(-1)?.status === 'done',
    );
    expect(finished.messages.at(-1)?.content).toBe(
      composeOfflineAnswer([{ role: 'user', content: 'Leave early please' }]),
    );
  });

  it('a reconnect with Last-Event-ID gets exactly the rest: nothing missing, nothing doubled', async () => {
    const body = {
      requestId: 'stream-resume-1',
      message: 'Tell me about tunnels and trains and signal loss underground.',
    };
    const first = await streamSend(server.url, guest, body, { stopAfterChunks: 5 });
    const last = first.chunks.at(-1)!.chunkId;
    const rest = await streamSend(server.url, guest, body, { lastEventId: last });
    expect(rest.meta?.answerMessageId).toBe(first.meta?.answerMessageId);
    expect(rest.chunks[0].chunkId).toBe(last + 1);
    const all = [...first.chunks, ...rest.chunks];
    expect(all.map((c) => c.chunkId)).toEqual(all.map((_, i) => i));
    expect(joinContent(all)).toBe(composeOfflineAnswer([{ role: 'user', content: body.message }]));
    // One question and one answer: the resend did not start a second answer.
    expect((await detail(first.meta!.channelId)).messages).toHaveLength(2);
  });

  it('a resend after the answer finished replays it from the stored chunks', async () => {
    const body = { requestId: 'stream-replay-1', message: 'Replay me' };
    const original = await streamSend(server.url, guest, body);
    const replay = await streamSend(server.url, guest, body, { lastEventId: 2 });
    expect(replay.chunks.map((c) => c.chunkId)[0]).toBe(3);
    expect(joinContent([...original.chunks.slice(0, 3), ...replay.chunks])).toBe(
      joinContent(original.chunks),
    );
    expect(replay.done).toEqual({ status: 'done' });
  });

  it('stop ends the answer with status stopped', async () => {
    const slow = await startTestServer(kind, { offlineModel: { chunkDelayMs: 50 } });
    try {
      const token = await newGuest(slow.url);
      const body = { requestId: 'stream-stop-1', message: 'A long answer please' };
      const first = await streamSend(slow.url, token, body, { stopAfterChunks: 2 });
      const stopped = await call(slow.url, 'POST', '/api/v1/chat/stop', {
        token,
        body: { requestId: body.requestId },
      });
      expect(stopped.body.code).toBe(200);
      const rest = await streamSend(slow.url, token, body, { lastEventId: first.chunks.at(-1)!.chunkId });
      expect(rest.done).toEqual({ status: 'stopped' });
      const d = (
        await call<ChannelDetail>(slow.url, 'POST', '/api/v1/chat/getChannel', {
          token,
          body: { channelId: first.meta!.channelId },
        })
      ).body.data;
      expect(d.messages.at(-1)?.status).toBe('stopped');
    } finally {
      await slow.close();
    }
  });

  it('guests are held to the Standard model; unknown models and empty messages are refused', async () => {
    const pro = await streamSend(server.url, guest, {
      requestId: 'stream-model-1',
      message: 'hi',
      model: 'GPT-4',
    });
    expect(pro.json).toMatchObject({ code: 20001, source: 'GPT4Turbo' });
    const unknown = await streamSend(server.url, guest, {
      requestId: 'stream-model-2',
      message: 'hi',
      model: 'Nope',
    });
    expect(unknown.json?.code).toBe(400);
    const empty = await streamSend(server.url, guest, { requestId: 'stream-model-3', message: '   ' });
    expect(empty.json).toMatchObject({ code: 400, msg: 'Type a message first.' });
  });

  it('regenerate replaces the last answer', async () => {
    const first = await streamSend(server.url, guest, {
      requestId: 'stream-regen-1',
      message: 'Again please',
    });
    const again = await streamSend(server.url, guest, {
      requestId: 'stream-regen-2',
      channelId: first.meta!.channelId,
      regenerate: true,
    });
    expect(again.done).toEqual({ status: 'done' });
    const messages = (await detail(first.meta!.channelId)).messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1].id).toBe(again.meta!.answerMessageId);
  });

  it('edit and resend replaces the edited question and everything after it; only in its own channel', async () => {
    const first = await streamSend(server.url, guest, {
      requestId: 'stream-edit-1',
      message: 'First question',
    });
    const channelId = first.meta!.channelId;
    const second = await streamSend(server.url, guest, {
      requestId: 'stream-edit-2',
      channelId,
      message: 'Second question',
    });
    await streamSend(server.url, guest, { requestId: 'stream-edit-3', channelId, message: 'Third question' });
    const edited = await streamSend(server.url, guest, {
      requestId: 'stream-edit-4',
      channelId,
      message: 'Second question, better put',
      editMessageId: second.meta!.userMessageId,
    });
    expect(edited.done).toEqual({ status: 'done' });
    const kept = (await detail(channelId)).messages;
    expect(kept.map((m) => [m.role, m.role === 'user' ? m.content : m.id])).toEqual([
      ['user', 'First question'],
      ['assistant', first.meta!.answerMessageId],
      ['user', 'Second question, better put'],
      ['assistant', edited.meta!.answerMessageId],
    ]);
    // The answer was made from the edited question, with the first turn as its history.
    expect(joinContent(edited.chunks)).toContain('Second question, better put');

    // Another caller cannot edit into this channel, nor name this channel's message from their own chat.
    const other = await newGuest(server.url);
    const foreign = await streamSend(server.url, other, {
      requestId: 'stream-edit-5',
      channelId,
      message: 'mine now',
      editMessageId: kept[0].id,
    });
    expect(foreign.json?.code).not.toBe(200);
    const own = await streamSend(server.url, other, { requestId: 'stream-edit-6', message: 'My chat' });
    const crossed = await streamSend(server.url, other, {
      requestId: 'stream-edit-7',
      channelId: own.meta!.channelId,
      message: 'replace theirs',
      editMessageId: kept[0].id,
    });
    expect(crossed.json).toMatchObject({ code: 400, msg: 'That message can no longer be edited here.' });
    expect((await detail(channelId)).messages).toHaveLength(4);
  });

  it('like and dislike are kept on the answer, for its owner only', async () => {
    const result = await streamSend(server.url, guest, { requestId: 'stream-like-1', message: 'Rate me' });
    const answerId = result.meta!.answerMessageId;
    expect(
      (
        await call(server.url, 'POST', '/api/v1/chat/feedback', {
          token: guest,
          body: { messageId: answerId, type: 'like' },
        })
      ).body.code,
    ).toBe(200);
    expect((await detail(result.meta!.channelId)).messages[1].feedback).toBe('like');
    const other = await newGuest(server.url);
    const foreign = await call(server.url, 'POST', '/api/v1/chat/feedback', {
      token: other,
      body: { messageId: answerId, type: 'dislike' },
    });
    expect(foreign.body.code).toBe(404);

    // A dislike keeps its reason (for the operator's review); a later like clears it.
    await call(server.url, 'POST', '/api/v1/chat/feedback', {
      token: guest,
      body: { messageId: answerId, type: 'dislike', reason: 'Did not follow instructions' },
    });
    const reasonOf = async () =>
      (
        await server.services.db
          .select({ reason: messages.feedbackReason })
          .from(messages)
          .where(eq(messages.id, answerId))
      )[0]?.reason;
    expect(await reasonOf()).toBe('Did not follow instructions');
    await call(server.url, 'POST', '/api/v1/chat/feedback', {
      token: guest,
      body: { messageId: answerId, type: 'like' },
    });
    expect(await reasonOf()).toBeNull();
  });

  it('the landing model list marks Standard free, the others pro, and says the offline model serves them', async () => {
    const { body } = await call<LandingInfo>(server.url, 'GET', '/api/v1/landing');
    const byName = Object.fromEntries(body.data.modelList.map((m) => [m.name, m]));
    expect(byName.Standard).toMatchObject({ free: true, pro: false, offline: true, role: 'Chat' });
    expect(byName['GPT-4']).toMatchObject({ free: false, pro: true });
    expect(byName['GPT-4o']).toMatchObject({ free: false, pro: true });
    expect(body.data.aiProviderConfigured).toBe(false);
  });
});
