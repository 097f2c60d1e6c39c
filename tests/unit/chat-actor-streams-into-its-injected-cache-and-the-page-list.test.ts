import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor, setup } from 'xstate';
import type { ChannelDetail, ChatMessage, StreamMeta } from '../../common/contract';
import { ApiError } from '../../src/api/http';
import type { ChatCacheWriter } from '../../src/machines/chat/cache';
import { type ChatMachine, createChatMachine } from '../../src/machines/chat/chat.machine';
import type { ChatIO } from '../../src/machines/chat/io';
import { messagesShown, selectChatView } from '../../src/machines/chat/selectors';

type Handlers = Parameters<ChatIO['stream']>[1];

/** A chat I/O whose stream the test drives by hand, and a cache writer that records what it was told. */
function fakeIO() {
  const calls: string[] = [];
  let handlers: Handlers | null = null;
  let refuse: ((error: unknown) => void) | null = null;
  const writers: ChatCacheWriter[] = [];
  const io: ChatIO = {
    stream: (body, h) => {
      calls.push(`stream:${body.message ?? ''}`);
      handlers = h;
      return new Promise((_, reject) => {
        refuse = reject;
      });
    },
    loadChannel: async (channelId) => {
      calls.push(`loadChannel:${channelId}`);
      return null;
    },
    stop: async (requestId) => calls.push(`stop:${requestId}`),
    createCache: () => {
      const writer = {
        started: async (meta: StreamMeta) => void calls.push(`cache.started:${meta.answerMessageId}`),
        text: (id: string, content: string) => void calls.push(`cache.text:${id}:${content}`),
        finished: async (id: string, content: string, status: string) =>
          void calls.push(`cache.finished:${id}:${content}:${status}`),
      } as unknown as ChatCacheWriter;
      writers.push(writer);
      return writer;
    },
  };
  return { io, calls, writers, handlers: () => handlers!, refuse: (e: unknown) => refuse?.(e) };
}

/** The chat actor under a parent, as the root spawns it (it tells the parent when its channel is known). */
function start(
  io: ChatIO,
  key = 'new',
  channelId: string | null = null,
  opened: ChannelDetail | null = null,
) {
  const parent = setup({ actors: { chat: createChatMachine(io) } }).createMachine({
    invoke: { id: 'chat', src: 'chat', input: { key, channelId, opened } },
  });
  const root = createActor(parent).start();
  return root.getSnapshot().children.chat as ActorRefFrom<ChatMachine>;
}

const meta: StreamMeta = {
  channelId: 'ch-1',
  channelName: 'Tides',
  userMessageId: 'u-1',
  answerMessageId: 'a-1',
  model: 'Standard',
};

const row = (id: string, role: ChatMessage['role'], content: string): ChatMessage => ({
  id,
  channelId: 'ch-1',
  role,
  content,
  model: 'Standard',
  status: 'done',
  error: null,
  feedback: null,
  requestId: null,
  createdAt: id,
});

describe('the chat actor with its I/O injected', () => {
  it('streams an answer into its own cache writer and shows it live before the cache has it', async () => {
    const fake = fakeIO();
    const chat = start(fake.io);
    chat.send({ type: 'SEND', text: 'Why are there tides?', model: 'Standard', language: 'en' });

    // Before the server names the messages, the question as typed and a placeholder are shown.
    let view = selectChatView(chat.getSnapshot());
    expect(messagesShown([], view).map((m) => [m.id, m.status])).toEqual([
      ['pending-user', 'done'],
      ['pending-answer', 'streaming'],
    ]);

    fake.handlers().meta(meta);
    fake.handlers().chunk({ chunkId: 0, content: 'The moon ' });
    fake.handlers().chunk({ chunkId: 1, content: 'pulls the sea.' });
    view = selectChatView(chat.getSnapshot());
    // The cache holds the rows with the text it has so far; the page shows every chunk from the actor.
    const cached = [row('u-1', 'user', 'Why are there tides?'), row('a-1', 'assistant', 'The moon ')];
    expect(messagesShown(cached, view).at(-1)).toMatchObject({
      id: 'a-1',
      content: 'The moon pulls the sea.',
      status: 'streaming',
    });

    fake.handlers().done({ status: 'done' });
    expect(fake.calls).toEqual([
      'stream:Why are there tides?',
      'cache.started:a-1',
      'cache.text:a-1:The moon ',
      'cache.text:a-1:The moon pulls the sea.',
      'cache.finished:a-1:The moon pulls the sea.:done',
    ]);
    // Done: the list is the cache's again.
    expect(messagesShown(cached, selectChatView(chat.getSnapshot()))).toEqual(cached);
  });

  it('a send refused before it starts (human check not passed, over the quota) puts the question back', async () => {
    for (const code of [60001, 20001]) {
      const fake = fakeIO();
      const chat = start(fake.io);
      chat.send({ type: 'SEND', text: 'Keep this question', model: 'Standard', language: 'en' });
      fake.refuse(new ApiError('envelope', 'Refused', code));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(chat.getSnapshot().matches({ ready: 'idle' }), `code ${code}`).toBe(true);
      expect(chat.getSnapshot().context.returnedText?.text).toBe('Keep this question');
      expect(messagesShown([], selectChatView(chat.getSnapshot()))).toEqual([]);
    }
  });

  it('gives each chat its own cache writer', () => {
    const fake = fakeIO();
    start(fake.io, 'one');
    start(fake.io, 'two');
    expect(fake.writers).toHaveLength(2);
    expect(fake.writers[0]).not.toBe(fake.writers[1]);
  });

  it('stops through the injected stop and keeps what arrived', () => {
    const fake = fakeIO();
    const chat = start(fake.io);
    chat.send({ type: 'SEND', text: 'Tell me a long story', model: 'Standard', language: 'en' });
    fake.handlers().meta(meta);
    fake.handlers().chunk({ chunkId: 0, content: 'Once upon' });
    chat.send({ type: 'STOP' });
    expect(chat.getSnapshot().matches({ ready: 'stopped' })).toBe(true);
    expect(fake.calls.filter((c) => c.startsWith('stop:'))).toHaveLength(1);
    expect(fake.calls.at(-1)).toBe('cache.finished:a-1:Once upon:stopped');
  });

  it('while an edited question is being answered, it and what followed it leave the list', async () => {
    const fake = fakeIO();
    // Only a chat that knows its channel can edit; the fake load answers as if offline.
    const chat = start(fake.io, 'ch-1', 'ch-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const cached = [
      row('u-0', 'user', 'First'),
      row('a-0', 'assistant', 'One'),
      row('u-1', 'user', 'Second'),
      row('a-1', 'assistant', 'Two'),
    ];
    chat.send({
      type: 'SEND',
      text: 'Second, better',
      model: 'Standard',
      language: 'en',
      editMessageId: 'u-1',
    });
    const shown = messagesShown(cached, selectChatView(chat.getSnapshot()));
    expect(shown.map((m) => m.id)).toEqual(['u-0', 'a-0', 'pending-user', 'pending-answer']);
    expect(shown.at(-2)?.content).toBe('Second, better');
  });

  it('a chat the route fetched before the page drew is not asked for again, and its documents are known', () => {
    const fake = fakeIO();
    const detail = {
      channel: {
        channelId: 'ch-1',
        model: 'Standard',
        docEntries: { multiDoc: false, docs: [{ md5: 'f00d' }] },
      },
      messages: [row('u-1', 'user', 'Why are there tides?'), row('a-1', 'assistant', 'The moon.')],
    } as unknown as ChannelDetail;
    const chat = start(fake.io, 'ch-1', 'ch-1', detail);
    // Ready at once (the page can draw the answer in its first render), with nothing asked of the server.
    expect(chat.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectChatView(chat.getSnapshot()).syncing).toBe(false);
    expect(chat.getSnapshot().context.documents).toEqual({ docs: [{ md5: 'f00d' }], model: 'Standard' });
    expect(fake.calls).toEqual([]);

    // One whose last answer is still being written follows that answer again, still without asking.
    const writing = {
      ...detail,
      messages: [
        detail.messages[0],
        { ...detail.messages[1], status: 'streaming', requestId: 'r-1', content: '' },
      ],
    } as ChannelDetail;
    const resumed = start(fake.io, 'ch-1', 'ch-1', writing);
    expect(resumed.getSnapshot().matches({ active: 'streaming' })).toBe(true);
    expect(resumed.getSnapshot().context.answerMessageId).toBe('a-1');
    expect(fake.calls).toEqual(['stream:']);
  });

  it('a chat opened without the route’s answer loads it and is syncing until then', async () => {
    const fake = fakeIO();
    const chat = start(fake.io, 'ch-1', 'ch-1');
    expect(selectChatView(chat.getSnapshot()).syncing).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectChatView(chat.getSnapshot()).syncing).toBe(false);
    expect(fake.calls).toEqual(['loadChannel:ch-1']);
  });
});
