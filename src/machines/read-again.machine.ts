// "Read again" of one stored document: idle, then reading (the server reads the file again with the owner's
// settings of now while the page being read is asked for, as an upload's is), then idle again. It emits `done`
// with the answer or `failed` with the server's message (already in the user's language, or null for a lost
// connection); the screen turns those into words and refreshes what it shows. Its I/O is handed in.
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { DocumentReadAgain, ParseProgress } from '../../common/contract';

export interface ReadAgainIo {
  readAgain(md5: string, signal: AbortSignal): Promise<DocumentReadAgain>;
  progress(md5: string, signal: AbortSignal): Promise<ParseProgress | null>;
}

/** How often the reading asks which page it is on (as an upload's parse does). */
export const READ_AGAIN_POLL_MS = 1500;

type ReadAgainEvent = { type: 'READ' } | { type: 'PROGRESS'; progress: ParseProgress | null };

export type ReadAgainEmitted =
  | { type: 'done'; result: DocumentReadAgain }
  | { type: 'failed'; message: string | null };

export function readAgainMachine(io: ReadAgainIo) {
  return setup({
    types: {
      context: {} as { md5: string; progress: ParseProgress | null },
      input: {} as { md5: string },
      events: {} as ReadAgainEvent,
      emitted: {} as ReadAgainEmitted,
    },
    actors: {
      read: fromPromise<DocumentReadAgain, { md5: string }>(({ input, signal }) =>
        io.readAgain(input.md5, signal),
      ),
      poll: fromCallback<ReadAgainEvent, { md5: string }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const timer = setInterval(() => {
          io.progress(input.md5, controller.signal).then(
            (progress) => sendBack({ type: 'PROGRESS', progress }),
            () => {},
          );
        }, READ_AGAIN_POLL_MS);
        return () => {
          clearInterval(timer);
          controller.abort();
        };
      }),
    },
  }).createMachine({
    id: 'readAgain',
    context: ({ input }) => ({ md5: input.md5, progress: null }),
    initial: 'idle',
    states: {
      idle: { on: { READ: 'reading' } },
      reading: {
        entry: assign({ progress: null }),
        exit: assign({ progress: null }),
        invoke: [
          {
            src: 'read',
            input: ({ context }) => ({ md5: context.md5 }),
            onDone: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'done' as const, result: event.output })),
            },
            onError: {
              target: 'idle',
              actions: emit(({ event }) => {
                const error = event.error as { message?: string; refused?: boolean };
                // A refusal carries the server's words (a scan with OCR off, too many reads an hour); a lost
                // connection has none of its own.
                return { type: 'failed' as const, message: error?.refused ? (error.message ?? null) : null };
              }),
            },
          },
          { src: 'poll', input: ({ context }) => ({ md5: context.md5 }) },
        ],
        on: { PROGRESS: { actions: assign({ progress: ({ event }) => event.progress }) } },
      },
    },
  });
}
