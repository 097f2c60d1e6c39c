// The editor's Ask AI popup: closed -> input -> generating (skeleton, stop) -> result (insert, replace,
// discard, try again, copy). It owns the stream; the popup renders its snapshot and sends it events. What
// the result does to the document goes through the `editor` bridge given as input.
import { assign, fromCallback, setup } from 'xstate';
import {
  APP_VERSION,
  DEFAULT_WRITING_TEMPLATE_ID,
  MODEL_STANDARD,
  ResponseCode,
  type StreamChunk,
  type WritingAction,
  WritingTemplate,
} from '../../common/contract';
import { chatApi } from '../api/chat';
import { ApiError } from '../api/http';
import { streamChat } from '../api/sse';

export interface AskAiBridge {
  /** The selected text (empty when nothing is selected). */
  selectionText(): string;
  insertAfterBlock(markdownText: string): void;
  replaceSelection(text: string): void;
  copy(text: string): Promise<boolean>;
  focusEditor(): void;
}

export interface AskAiContext {
  bridge: AskAiBridge;
  docId: string | null;
  language: string;
  message: string;
  /** The last request, kept for "try again". */
  lastMessage: string;
  action: WritingAction;
  /** Translate's target: an OUTPUT_LANGUAGES code ('Auto' is the interface language). */
  translateLanguage: string;
  selection: string;
  channelId: string | null;
  requestId: string | null;
  answer: string;
  lastChunkId: number;
  error: string | null;
  copied: number;
}

export type AskAiEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; message: string }
  | { type: 'SEND' }
  | { type: 'ACTION'; action: WritingAction; translateLanguage?: string }
  | { type: 'STOP' }
  | { type: 'INSERT' }
  | { type: 'REPLACE' }
  | { type: 'DISCARD' }
  | { type: 'RETRY' }
  | { type: 'COPY' }
  | { type: 'STREAM.META'; channelId: string }
  | { type: 'STREAM.CHUNK'; chunk: StreamChunk }
  | { type: 'STREAM.DONE' }
  | { type: 'STREAM.ERROR'; message: string; usageLimit: boolean };

interface StreamInput {
  requestId: string;
  message: string;
  action: WritingAction;
  translateLanguage: string;
  selection: string;
  channelId: string | null;
  docId: string | null;
  language: string;
}

export const writingStream = fromCallback<AskAiEvent, StreamInput>(({ sendBack, input }) => {
  const controller = new AbortController();
  let finished = false;
  streamChat(
    {
      requestId: input.requestId,
      version: APP_VERSION,
      language: input.language,
      channelId: input.channelId,
      model: MODEL_STANDARD,
      message: input.message,
      writingSelectionText: input.selection,
      writingDocPromptTemplateId: WritingTemplate[input.action] ?? DEFAULT_WRITING_TEMPLATE_ID,
      writingDocId: input.docId ?? undefined,
      ...(input.action === 'translate' ? { translateLanguage: input.translateLanguage } : {}),
    },
    {
      meta: (meta) => sendBack({ type: 'STREAM.META', channelId: meta.channelId }),
      chunk: (chunk) => sendBack({ type: 'STREAM.CHUNK', chunk }),
      done: () => {
        finished = true;
        sendBack({ type: 'STREAM.DONE' });
      },
    },
    { signal: controller.signal },
  ).catch((error: unknown) => {
    if (error instanceof ApiError && error.kind === 'cancelled') return;
    sendBack({
      type: 'STREAM.ERROR',
      message: error instanceof Error ? error.message : String(error),
      usageLimit: error instanceof ApiError && error.code === ResponseCode.UsageExceedsLimit,
    });
  });
  return () => {
    controller.abort();
    // Closing the connection alone leaves the answer running on the server (it is resumable): stop it.
    if (!finished) void chatApi.stop(input.requestId, { suppressAlert: true }).catch(() => {});
  };
});

export const askAiMachine = setup({
  types: {
    context: {} as AskAiContext,
    events: {} as AskAiEvent,
    input: {} as { bridge: AskAiBridge; docId: string | null; language: string },
  },
  actors: { writingStream },
  guards: {
    hasMessage: ({ context }) => context.message.trim().length > 0,
  },
  actions: {
    startRequest: assign({
      requestId: () => crypto.randomUUID(),
      answer: '',
      lastChunkId: -1,
      error: null,
    }),
  },
}).createMachine({
  id: 'askAi',
  initial: 'closed',
  context: ({ input }) => ({
    bridge: input.bridge,
    docId: input.docId,
    language: input.language,
    message: '',
    lastMessage: '',
    action: 'ask',
    translateLanguage: 'Auto',
    selection: '',
    channelId: null,
    requestId: null,
    answer: '',
    lastChunkId: -1,
    error: null,
    copied: 0,
  }),
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'input',
          actions: assign({
            selection: ({ context }) => context.bridge.selectionText(),
            message: '',
            error: null,
          }),
        },
      },
    },
    input: {
      on: {
        CHANGE: { actions: assign({ message: ({ event }) => event.message }) },
        // Send is ignored while the input is empty (the disabled style).
        SEND: {
          guard: 'hasMessage',
          target: 'generating',
          actions: [assign({ action: 'ask', lastMessage: ({ context }) => context.message }), 'startRequest'],
        },
        ACTION: {
          target: 'generating',
          actions: [
            assign({
              action: ({ event }) => event.action,
              translateLanguage: ({ event }) => event.translateLanguage ?? 'Auto',
              lastMessage: '',
            }),
            'startRequest',
          ],
        },
        CLOSE: { target: 'closed', actions: ({ context }) => context.bridge.focusEditor() },
      },
    },
    generating: {
      invoke: {
        src: 'writingStream',
        input: ({ context }) => ({
          requestId: context.requestId!,
          message: context.lastMessage,
          action: context.action,
          translateLanguage: context.translateLanguage,
          selection: context.selection,
          channelId: context.channelId,
          docId: context.docId,
          language: context.language,
        }),
      },
      on: {
        'STREAM.META': { actions: assign({ channelId: ({ event }) => event.channelId }) },
        'STREAM.CHUNK': {
          actions: assign(({ context, event }) => {
            if (event.chunk.chunkId <= context.lastChunkId) return {};
            return {
              lastChunkId: event.chunk.chunkId,
              answer: context.answer + (event.chunk.content ?? ''),
              error: event.chunk.error ?? context.error,
            };
          }),
        },
        'STREAM.DONE': 'result',
        // Stop aborts the request; what arrived so far stays usable.
        STOP: 'result',
        'STREAM.ERROR': [
          // Usage limit: the upgrade prompt opens (http.ts) and the popup closes.
          { guard: ({ event }) => event.usageLimit, target: 'closed' },
          { target: 'input', actions: assign({ error: ({ event }) => event.message }) },
        ],
        CLOSE: 'closed',
      },
    },
    result: {
      on: {
        INSERT: {
          target: 'closed',
          actions: ({ context }) => context.bridge.insertAfterBlock(context.answer),
        },
        REPLACE: {
          target: 'closed',
          actions: ({ context }) => context.bridge.replaceSelection(context.answer),
        },
        DISCARD: { target: 'closed', actions: ({ context }) => context.bridge.focusEditor() },
        CLOSE: { target: 'closed', actions: ({ context }) => context.bridge.focusEditor() },
        RETRY: { target: 'generating', actions: 'startRequest' },
        COPY: {
          actions: [
            ({ context }) => void context.bridge.copy(context.answer),
            assign({ copied: ({ context }) => context.copied + 1 }),
          ],
        },
      },
    },
  },
});
