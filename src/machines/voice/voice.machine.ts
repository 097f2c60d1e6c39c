// The voice assistant of a chat: speak a question into the composer (dictation), hear answers read aloud, and
// after a spoken exchange (a dictated question whose answer was read aloud) be asked, now and then, how it went.
// The browser's speech services are injected (speech-io.ts), so the actor runs the same under test.
import { assign, emit, fromCallback, sendTo, setup } from 'xstate';

export type ListenError = 'not-allowed' | 'no-speech' | 'network' | 'unsupported' | 'other';

export interface SpeechIo {
  canListen(): boolean;
  canSpeak(): boolean;
  /** Starts recognition; `heard` gets the whole session's final and pending text so far. Returns "stop". */
  listen(
    lang: string,
    on: { heard(final: string, pending: string): void; ended(): void; failed(error: ListenError): void },
  ): { stop(): void; abort(): void };
  /** Reads text aloud; returns "cancel". `ended` comes once, after the last word or a failure. */
  speak(text: string, lang: string, on: { ended(): void; failed(): void }): () => void;
  /** Whether the voice feedback question may be asked now (not asked lately), and noting that it was. */
  feedbackDue(): boolean;
  feedbackAsked(): void;
}

export interface VoiceContext {
  lang: string;
  /** What this listening session has recognised for sure, and what it is still unsure of. */
  heard: string;
  pending: string;
  /** The message being read aloud, if any. */
  speakingId: string | null;
  /** A dictated question was sent: its answer is read aloud when it is complete. */
  replyAloud: boolean;
  /** The reading in progress is the answer to a dictated question (its end completes a spoken exchange). */
  exchange: boolean;
  feedbackOpen: boolean;
}

export type VoiceEvent =
  | { type: 'LISTEN'; lang: string }
  | { type: 'STOP_LISTENING' }
  | { type: 'HEARD'; final: string; pending: string }
  | { type: 'LISTEN_ENDED' }
  | { type: 'LISTEN_FAILED'; error: ListenError }
  | { type: 'SENT'; dictated: boolean }
  | { type: 'ANSWER_DONE'; id: string; text: string; lang: string }
  | { type: 'SPEAK'; id: string; text: string; lang: string }
  | { type: 'STOP_SPEAKING' }
  | { type: 'SPOKEN' }
  | { type: 'SPEAK_FAILED' }
  | { type: 'FEEDBACK_CLOSED' };

export type VoiceEmitted =
  | { type: 'dictated'; text: string }
  | { type: 'listenFailed'; error: ListenError }
  | { type: 'speakFailed' };

type SpeakInput = { text: string; lang: string };

export function createVoiceMachine(io: SpeechIo) {
  return setup({
    types: {
      context: {} as VoiceContext,
      events: {} as VoiceEvent,
      emitted: {} as VoiceEmitted,
    },
    actors: {
      recogniser: fromCallback<VoiceEvent, { lang: string }>(({ input, sendBack, receive }) => {
        const session = io.listen(input.lang, {
          heard: (final, pending) => sendBack({ type: 'HEARD', final, pending }),
          ended: () => sendBack({ type: 'LISTEN_ENDED' }),
          failed: (error) => sendBack({ type: 'LISTEN_FAILED', error }),
        });
        // STOP_LISTENING lets the recogniser deliver its last words before it ends; leaving any other way aborts.
        receive((event) => {
          if (event.type === 'STOP_LISTENING') session.stop();
        });
        return () => session.abort();
      }),
      reader: fromCallback<VoiceEvent, SpeakInput>(({ input, sendBack }) =>
        io.speak(input.text, input.lang, {
          ended: () => sendBack({ type: 'SPOKEN' }),
          failed: () => sendBack({ type: 'SPEAK_FAILED' }),
        }),
      ),
    },
    guards: {
      canListen: () => io.canListen(),
      canSpeak: () => io.canSpeak(),
      feedbackDue: ({ context }) => context.exchange && io.feedbackDue(),
    },
    actions: {
      handOver: emit(({ context }) => ({ type: 'dictated' as const, text: context.heard.trim() })),
      askFeedback: assign(() => {
        io.feedbackAsked();
        return { feedbackOpen: true };
      }),
    },
  }).createMachine({
    id: 'voice',
    type: 'parallel',
    context: {
      lang: 'en-US',
      heard: '',
      pending: '',
      speakingId: null,
      replyAloud: false,
      exchange: false,
      feedbackOpen: false,
    },
    on: {
      FEEDBACK_CLOSED: { actions: assign({ feedbackOpen: false }) },
    },
    states: {
      dictation: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              LISTEN: [
                {
                  guard: 'canListen',
                  target: 'listening',
                  actions: assign({ lang: ({ event }) => event.lang, heard: '', pending: '' }),
                },
                { actions: emit({ type: 'listenFailed' as const, error: 'unsupported' as const }) },
              ],
              SENT: { actions: assign({ replyAloud: ({ event }) => event.dictated }) },
            },
          },
          listening: {
            invoke: { id: 'recogniser', src: 'recogniser', input: ({ context }) => ({ lang: context.lang }) },
            on: {
              HEARD: {
                actions: assign({ heard: ({ event }) => event.final, pending: ({ event }) => event.pending }),
              },
              STOP_LISTENING: { actions: sendTo('recogniser', { type: 'STOP_LISTENING' }) },
              LISTEN_ENDED: { target: 'idle', actions: ['handOver', assign({ pending: '' })] },
              LISTEN_FAILED: {
                target: 'idle',
                // What was recognised before the failure is still handed to the composer.
                actions: [
                  'handOver',
                  assign({ pending: '' }),
                  emit(({ event }) => ({ type: 'listenFailed' as const, error: event.error })),
                ],
              },
              // Sending while listening: the recogniser is dropped, the composer sends what it shows.
              SENT: { target: 'idle', actions: assign({ replyAloud: true, heard: '', pending: '' }) },
            },
          },
        },
      },
      reading: {
        initial: 'silent',
        states: {
          silent: {
            on: {
              SPEAK: {
                guard: 'canSpeak',
                target: 'speaking',
                actions: assign({ speakingId: ({ event }) => event.id, exchange: false }),
              },
              ANSWER_DONE: {
                guard: ({ context }) => context.replyAloud && io.canSpeak(),
                target: 'speaking',
                actions: assign({ speakingId: ({ event }) => event.id, exchange: true, replyAloud: false }),
              },
            },
          },
          speaking: {
            invoke: {
              src: 'reader',
              input: ({ event }) =>
                event.type === 'SPEAK' || event.type === 'ANSWER_DONE'
                  ? { text: event.text, lang: event.lang }
                  : { text: '', lang: 'en-US' },
            },
            on: {
              // Another answer, or the same one again: the reading starts over with it.
              SPEAK: {
                target: 'speaking',
                reenter: true,
                actions: assign({ speakingId: ({ event }) => event.id, exchange: false }),
              },
              // Talking over the answer ends its reading, as with a person.
              LISTEN: { target: 'silent', actions: assign({ speakingId: null, exchange: false }) },
              STOP_SPEAKING: { target: 'finished' },
              SPOKEN: { target: 'finished' },
              SPEAK_FAILED: {
                target: 'silent',
                actions: [
                  assign({ speakingId: null, exchange: false }),
                  emit({ type: 'speakFailed' as const }),
                ],
              },
            },
          },
          finished: {
            always: [
              {
                guard: 'feedbackDue',
                target: 'silent',
                actions: ['askFeedback', assign({ speakingId: null, exchange: false })],
              },
              { target: 'silent', actions: assign({ speakingId: null, exchange: false }) },
            ],
          },
        },
      },
    },
  });
}

export type VoiceMachine = ReturnType<typeof createVoiceMachine>;
