import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDetail, ChannelSummary } from '../../common/contract';
import {
  call,
  DATABASES,
  joinContent,
  newGuest,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

describe.each(DATABASES)('channels on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let mallory: string;
  let channelId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await newGuest(server.url);
    mallory = await newGuest(server.url);
    const first = await streamSend(server.url, alice, {
      requestId: 'alice-request-1',
      message: 'Secret plans for the launch',
    });
    channelId = first.meta!.channelId;
    await streamSend(server.url, alice, {
      requestId: 'alice-request-2',
      channelId,
      message: 'And the budget',
    });
  });
  afterAll(() => server.close());

  it('the owner reads the channel with its messages in order', async () => {
    const { body } = await call<ChannelDetail>(server.url, 'POST', '/api/v1/chat/getChannel', {
      token: alice,
      body: { channelId },
    });
    expect(body.code).toBe(200);
    expect(body.data.channel.channelName).toBe('Secret plans for the launch');
    expect(body.data.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(body.data.messages[2].content).toBe('And the budget');
    expect(body.data.messages.every((m) => m.status === 'done')).toBe(true);
  });

  it('another guest cannot read, rename, delete or send into it, and does not see it listed', async () => {
    const read = await call(server.url, 'POST', '/api/v1/chat/getChannel', {
      token: mallory,
      body: { channelId },
    });
    expect(read.body).toMatchObject({ code: 404, data: null });
    expect(JSON.stringify(read.body)).not.toContain('Secret');
    expect(
      (
        await call(server.url, 'POST', '/api/v1/channel', {
          token: mallory,
          body: { channelId, channelName: 'pwned' },
        })
      ).body.code,
    ).toBe(404);
    expect(
      (await call(server.url, 'POST', '/api/v1/channel/delete', { token: mallory, body: { channelId } })).body
        .code,
    ).toBe(404);
    const send = await streamSend(server.url, mallory, {
      requestId: 'mallory-request',
      channelId,
      message: 'hi',
    });
    expect(send.json).toMatchObject({ code: 404 });
    const replay = await streamSend(server.url, mallory, { requestId: 'alice-request-1', message: 'x' });
    expect(replay.json?.code).toBe(400);
    expect(
      (await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token: mallory })).body
        .data,
    ).toEqual([]);

    const still = await call<ChannelDetail>(server.url, 'POST', '/api/v1/chat/getChannel', {
      token: alice,
      body: { channelId },
    });
    expect(still.body.data.channel.channelName).toBe('Secret plans for the launch');
    expect(still.body.data.messages).toHaveLength(4);
  });

  it('rename trims the name and refuses a blank one', async () => {
    const renamed = await call<ChannelSummary>(server.url, 'POST', '/api/v1/channel', {
      token: alice,
      body: { channelId, channelName: '  Launch  ' },
    });
    expect(renamed.body.data.channelName).toBe('Launch');
    const blank = await call(server.url, 'POST', '/api/v1/channel', {
      token: alice,
      body: { channelId, channelName: '   ' },
    });
    expect(blank.body).toMatchObject({ code: 400, msg: 'A chat name cannot be empty.' });
    const list = await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', {
      token: alice,
    });
    expect(list.body.data.map((c) => c.channelName)).toEqual(['Launch']);
  });

  it('delete removes the channel and its messages', async () => {
    const other = await streamSend(server.url, alice, { requestId: 'alice-request-3', message: 'Throwaway' });
    expect(joinContent(other.chunks)).toContain('Throwaway');
    const removed = await call(server.url, 'POST', '/api/v1/channel/delete', {
      token: alice,
      body: { channelId: other.meta!.channelId },
    });
    expect(removed.body.code).toBe(200);
    const gone = await call(server.url, 'POST', '/api/v1/chat/getChannel', {
      token: alice,
      body: { channelId: other.meta!.channelId },
    });
    expect(gone.body.code).toBe(404);
  });
});
