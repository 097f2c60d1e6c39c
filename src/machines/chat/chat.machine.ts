// One chat (an open channel, or the new chat on home): idle -> sending -> streaming -> done / stopped / failed.
// It owns the stream; components render its snapshot and send it events.
import { assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import type {
  ChannelDetail,
  DocumentInChat,
  MessageStatus,
  SendRequest,
  StreamChunk,
  StreamMeta,
} from '../../../common/contract';
import { APP_VERSION, ResponseCode } from '../../../common/contract';
import { ApiError } from '../../api/http';
import type { ChatCacheWriter } from './cache';
import type { ChatIO } from './io';

export interface ChannelDocuments {
  docs: DocumentInChat[];
  model: string;
}

export interface ChatContext {
  key: string;
  /** Mirrors this chat's stream into the local cache (its throttle timer belongs to this chat). */
  cache: ChatCacheWriter;
  channelId: string | null;
  requestId: string | null;
  answerMessageId: string | null;
  /** The question as typed, shown until the server has the message. */
  pendingUserText: string | null;
  regenerating: boolean;
  /** Edit and resend: the user message being replaced (with everything after it) until the server has the new one. */
  editedMessageId: string | null;
  text: string;
  lastChunkId: number;
  error: string | null;
  reconnectAttempt: number;
  notFound: boolean;
  /** The channel as the route's loader fetched it before the page drew; taken at the start, then dropped. */
  opened: ChannelDetail | null;
  /** The documents the channel chats with (and its model), from its last load; null until one answered. */
  documents: ChannelDocuments | null;
  /**
   * A message the server refused before starting (over the plan's quota: the pay prompt opens) goes back to
   * the composer instead of staying as a failed bubble; `seq` tells the composer it is a new return.
   */
  returnedText: { text: string; seq: number } | null;
}

export type ChatEvent =
  | {
      type: 'SEND';
      text: string;
      model: string;
      language: string;
      searchMode?: 'web' | 'academic';
      /** ChatImage: GPT-4o's image tool makes a picture. */
      chatType?: string;
      /** Edit and resend: this user message and every message after it give way to `text`. */
      editMessageId?: string;
    }
  | { type: 'REGENERATE'; model: string; language: string }
  | { type: 'STOP' }
  | { type: 'SYNC' }
  | { type: 'STREAM.META'; meta: StreamMeta }
  | { type: 'STREAM.CHUNK'; chunk: StreamChunk }
  | { type: 'STREAM.DONE'; status: MessageStatus }
  | { type: 'STREAM.RECONNECTING'; attempt: number }
  | { type: 'STREAM.ERROR'; message: string; code?: number | null }
  /** The root keeps this chat under another key (a new chat set aside for a newer one, see CHAT.NEW). */
  | { type: 'REKEY'; key: string };

interface StreamInput {
  body: SendRequest;
  afterChunkId: number;
}

const newRequestId = () => crypto.randomUUID();

const freshAnswer = () => ({
  requestId: newRequestId(),
  answerMessageId: null,
  text: '',
  lastChunkId: -1,
  error: null,
  reconnectAttempt: 0,
});

/** The chat actor, given its I/O: the stream, the channel load, stop, and the local cache writer. */
export function createChatMachine(io: ChatIO) {
  const chatStream = fromCallback<ChatEvent, StreamInput>(({ sendBack, input }) => {
    const controller = new AbortController();
    io.stream(
      input.body,
      {
        meta: (meta) => sendBack({ type: 'STREAM.META', meta }),
        chunk: (chunk) => sendBack({ type: 'STREAM.CHUNK', chunk }),
        done: ({ status }) => sendBack({ type: 'STREAM.DONE', status }),
        reconnecting: (attempt) => sendBack({ type: 'STREAM.RECONNECTING', attempt }),
      },
      { signal: controller.signal, afterChunkId: input.afterChunkId },
    ).catch((error: unknown) => {
      if (error instanceof ApiError && error.kind === 'cancelled') return;
      sendBack({
        type: 'STREAM.ERROR',
        message: error instanceof Error ? error.message : String(error),
        code: error instanceof ApiError ? error.code : null,
      });
    });
    return () => controller.abort();
  });

  /** Fetches the channel into the cache; answers the detail so an unfinished answer can be resumed. */
  const loadChannel = fromPromise<ChannelDetail | null, { channelId: string }>(({ input }) =>
    io.loadChannel(input.channelId),
  );

  return setup({
    types: {
      context: {} as ChatContext,
      events: {} as ChatEvent,
      input: {} as { key: string; channelId: string | null; opened?: ChannelDetail | null },
    },
    actors: { chatStream, loadChannel },
    actions: {
      cacheStarted: ({ context, event }) => {
        if (event.type !== 'STREAM.META' || !context.requestId) return;
        void context.cache.started(event.meta, {
          requestId: context.requestId,
          userText: context.pendingUserText,
          regenerate: context.regenerating,
          editedMessageId: context.editedMessageId,
        });
      },
      cacheText: ({ context }) => {
        if (context.answerMessageId) context.cache.text(context.answerMessageId, context.text);
      },
      stopOnServer: ({ context }) => {
        if (context.requestId) void io.stop(context.requestId).catch(() => {});
      },
    },
  }).createMachine({
    id: 'chat',
    context: ({ input }) => ({
      key: input.key,
      cache: io.createCache(),
      channelId: input.channelId,
      requestId: null,
      answerMessageId: null,
      pendingUserText: null,
      regenerating: false,
      editedMessageId: null,
      text: '',
      lastChunkId: -1,
      error: null,
      reconnectAttempt: 0,
      notFound: false,
      opened: input.opened?.channel.channelId === input.channelId ? (input.opened ?? null) : null,
      documents: null,
      returnedText: null,
    }),
    on: { REKEY: { actions: assign({ key: ({ event }) => event.key }) } },
    initial: 'opening',
    states: {
      // The new chat has nothing to load; a channel the route's loader fetched already is not asked again.
      opening: {
        always: [
          { guard: ({ context }) => context.channelId === null, target: 'ready' },
          {
            guard: ({ context }) => resumable(context.opened),
            target: 'active.streaming',
            actions: assign(({ context }) => ({ ...resumeOf(context.opened!), opened: null })),
          },
          {
            guard: ({ context }) => context.opened !== null,
            target: 'ready',
            actions: assign(({ context }) => ({ documents: documentsOf(context.opened), opened: null })),
          },
          { target: 'syncing' },
        ],
      },
      syncing: {
        invoke: {
          src: 'loadChannel',
          input: ({ context }) => ({ channelId: context.channelId! }),
          onDone: [
            {
              // An answer still being written (e.g. the page was reloaded mid-answer): follow it again.
              guard: ({ event }) => resumable(event.output),
              target: 'active.streaming',
              actions: assign(({ event }) => resumeOf(event.output!)),
            },
            {
              target: 'ready',
              // Offline (no answer): the documents known from an earlier load stay.
              actions: assign(({ context, event }) => ({
                documents: documentsOf(event.output) ?? context.documents,
              })),
            },
          ],
          onError: { target: 'ready', actions: assign({ notFound: true }) },
        },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: {},
          done: { entry: finish('done') },
          stopped: { entry: finish('stopped') },
          failed: { entry: finish('failed') },
        },
        // Accepted only when no answer is being written.
        on: {
          SEND: {
            guard: ({ context, event }) =>
              event.text.trim().length > 0 &&
              !context.notFound &&
              (!event.editMessageId || context.channelId !== null),
            target: 'active',
            actions: assign(({ event }) => ({
              ...freshAnswer(),
              pendingUserText: event.text,
              regenerating: false,
              editedMessageId: event.editMessageId ?? null,
            })),
          },
          REGENERATE: {
            guard: ({ context }) => context.channelId !== null,
            target: 'active',
            actions: assign(() => ({
              ...freshAnswer(),
              pendingUserText: null,
              regenerating: true,
              editedMessageId: null,
            })),
          },
          SYNC: 'syncing',
        },
      },
      active: {
        // One stream for the whole answer; it reconnects by itself and resumes after the last chunk held.
        invoke: { src: 'chatStream', input: ({ context, event }) => streamInput(context, event) },
        initial: 'sending',
        states: {
          sending: {
            on: {
              // Refused before it started (over the quota, or the human check not passed): the question
              // goes back to the composer.
              'STREAM.ERROR': {
                guard: ({ context, event }) =>
                  (event.code === ResponseCode.UsageExceedsLimit ||
                    event.code === ResponseCode.HumanVerificationFailed) &&
                  !context.regenerating &&
                  !!context.pendingUserText,
                target: '#chat.ready.idle',
                actions: assign(({ context }) => ({
                  returnedText: { text: context.pendingUserText ?? '', seq: Date.now() },
                  pendingUserText: null,
                  editedMessageId: null,
                  requestId: null,
                  error: null,
                })),
              },
              'STREAM.META': {
                target: 'streaming',
                actions: [
                  assign(({ event }) => ({
                    channelId: event.meta.channelId,
                    answerMessageId: event.meta.answerMessageId,
                  })),
                  'cacheStarted',
                  sendParent(({ context, event }) => ({
                    type: 'CHAT.CHANNEL_KNOWN',
                    key: context.key,
                    channelId: event.meta.channelId,
                  })),
                  // The root keeps it under its channel from now on: a later answer in this chat must not tell
                  // the root to move whatever is then under 'new' (a fresh new chat) onto this channel.
                  assign(({ event }) => ({ key: event.meta.channelId })),
                ],
              },
            },
          },
          streaming: {
            on: {
              'STREAM.META': {
                actions: assign(({ event }) => ({ answerMessageId: event.meta.answerMessageId })),
              },
            },
          },
        },
        on: {
          'STREAM.CHUNK': {
            actions: [
              assign(({ context, event }) => ({
                text: context.text + (event.chunk.content ?? ''),
                error: event.chunk.error ?? context.error,
                lastChunkId: event.chunk.chunkId,
                reconnectAttempt: 0,
              })),
              'cacheText',
            ],
          },
          'STREAM.RECONNECTING': { actions: assign(({ event }) => ({ reconnectAttempt: event.attempt })) },
          'STREAM.DONE': [
            { guard: ({ event }) => event.status === 'stopped', target: 'ready.stopped' },
            { guard: ({ event }) => event.status === 'failed', target: 'ready.failed' },
            { target: 'ready.done' },
          ],
          'STREAM.ERROR': {
            target: 'ready.failed',
            actions: assign(({ event }) => ({ error: event.message })),
          },
          STOP: { target: 'ready.stopped', actions: 'stopOnServer' },
        },
      },
    },
  });
}

export type ChatMachine = ReturnType<typeof createChatMachine>;

function streamInput(context: ChatContext, event: ChatEvent): StreamInput {
  const base = { requestId: context.requestId!, channelId: context.channelId, version: APP_VERSION };
  if (event.type === 'REGENERATE') {
    return {
      body: { ...base, model: event.model, language: event.language, regenerate: true },
      afterChunkId: -1,
    };
  }
  if (event.type === 'SEND') {
    return {
      body: {
        ...base,
        model: event.model,
        language: event.language,
        message: event.text,
        ...(event.searchMode ? { searchMode: event.searchMode, searchSwitch: true } : {}),
        ...(event.chatType ? { chatType: event.chatType } : {}),
        ...(event.editMessageId ? { editMessageId: event.editMessageId } : {}),
      },
      afterChunkId: -1,
    };
  }
  return { body: { ...base, message: context.pendingUserText ?? '' }, afterChunkId: context.lastChunkId };
}

/** The channel's last message is an answer still being written, which can be followed again. */
function resumable(detail: ChannelDetail | null | undefined): boolean {
  const last = detail?.messages.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming' && !!last.requestId;
}

function resumeOf(detail: ChannelDetail): Partial<ChatContext> {
  const last = detail.messages.at(-1)!;
  return {
    requestId: last.requestId,
    answerMessageId: last.id,
    text: '',
    lastChunkId: -1,
    pendingUserText: null,
    documents: documentsOf(detail),
  };
}

const documentsOf = (detail: ChannelDetail | null | undefined): ChannelDocuments | null =>
  detail
    ? { docs: (detail.channel.docEntries?.docs ?? []) as DocumentInChat[], model: detail.channel.model }
    : null;

function finish(status: 'done' | 'stopped' | 'failed') {
  return ({ context }: { context: ChatContext }) => {
    if (!context.answerMessageId) return;
    void context.cache.finished(context.answerMessageId, context.text, status, context.error);
  };
}
