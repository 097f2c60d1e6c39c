// The human check behind code 60001: fetch a challenge, solve it (proof of work in a worker, or the
// Turnstile widget when the server says so) and hand the token to the call waiting for it.
import i18n from 'i18next';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AltchaChallenge, CaptchaChallenge } from '../../common/contract';
import { captchaApi } from '../api/captcha';
import { ApiError } from '../api/http';
import { solveAltcha } from '../workers/captcha';

export interface CaptchaWaiter {
  resolve(token: string): void;
  reject(error: Error): void;
}

export interface CaptchaContext {
  waiters: CaptchaWaiter[];
  challenge: CaptchaChallenge | null;
  /** Tries made so far by the solver; progress is tries / maxCounter. */
  tries: number;
  error: string | null;
}

export type CaptchaEvent =
  | { type: 'REQUEST'; waiter: CaptchaWaiter }
  | { type: 'PROGRESS'; tries: number }
  | { type: 'SOLVED'; token: string }
  | { type: 'FAILED'; error: string }
  | { type: 'RETRY' }
  | { type: 'CANCEL' };

const failure = (key: string) => new ApiError('cancelled', i18n.t(key));

export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, events: {} as CaptchaEvent },
  actors: {
    fetchChallenge: fromPromise(() => captchaApi.challenge()),
    solve: fromCallback<CaptchaEvent, { challenge: AltchaChallenge }>(({ input, sendBack }) => {
      const controller = new AbortController();
      solveAltcha(input.challenge, (tries) => sendBack({ type: 'PROGRESS', tries }), controller.signal).then(
        (token) => sendBack({ type: 'SOLVED', token }),
        () => {
          if (!controller.signal.aborted) sendBack({ type: 'FAILED', error: 'captcha.solveFailed' });
        },
      );
      return () => controller.abort();
    }),
  },
  actions: {
    enqueue: assign(({ context, event }) =>
      event.type === 'REQUEST' ? { waiters: [...context.waiters, event.waiter] } : {},
    ),
    // Each token is good once: it goes to the call that has waited longest.
    deliver: assign(({ context, event }) => {
      const [first, ...rest] = context.waiters;
      if (event.type === 'SOLVED') first?.resolve(event.token);
      return { waiters: rest, challenge: null, tries: 0, error: null };
    }),
    rejectAll: assign(({ context }) => {
      for (const waiter of context.waiters) waiter.reject(failure('captcha.cancelled'));
      return { waiters: [], challenge: null, tries: 0, error: null };
    }),
  },
  guards: {
    isTurnstile: ({ event }) =>
      'output' in event && (event.output as CaptchaChallenge).provider === 'turnstile',
    hasWaiters: ({ context }) => context.waiters.length > 0,
  },
}).createMachine({
  id: 'captcha',
  context: { waiters: [], challenge: null, tries: 0, error: null },
  initial: 'idle',
  on: { REQUEST: { actions: 'enqueue' } },
  states: {
    idle: { on: { REQUEST: { target: 'fetching', actions: 'enqueue' } } },
    fetching: {
      invoke: {
        src: 'fetchChallenge',
        onDone: [
          {
            guard: 'isTurnstile',
            target: 'turnstile',
            actions: assign({ challenge: ({ event }) => event.output }),
          },
          { target: 'solving', actions: assign({ challenge: ({ event }) => event.output, tries: 0 }) },
        ],
        onError: { target: 'failed', actions: assign({ error: 'captcha.challengeFailed' }) },
      },
      on: { CANCEL: { target: 'idle', actions: 'rejectAll' } },
    },
    solving: {
      invoke: {
        src: 'solve',
        input: ({ context }) => ({
          challenge: (context.challenge as Extract<CaptchaChallenge, { provider: 'altcha' }>).challenge,
        }),
      },
      on: {
        PROGRESS: { actions: assign({ tries: ({ event }) => event.tries }) },
        SOLVED: { target: 'delivered', actions: 'deliver' },
        FAILED: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        CANCEL: { target: 'idle', actions: 'rejectAll' },
      },
    },
    // The widget (rendered by the modal) sends SOLVED with its token, or FAILED.
    turnstile: {
      on: {
        SOLVED: { target: 'delivered', actions: 'deliver' },
        FAILED: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        CANCEL: { target: 'idle', actions: 'rejectAll' },
      },
    },
    delivered: { always: [{ guard: 'hasWaiters', target: 'fetching' }, { target: 'idle' }] },
    failed: {
      on: {
        RETRY: 'fetching',
        CANCEL: { target: 'idle', actions: 'rejectAll' },
      },
    },
  },
});

/** Progress of a proof-of-work solve, 0..1 (never 1 before the answer is found). */
export function solveProgress(context: CaptchaContext): number {
  const challenge = context.challenge;
  if (challenge?.provider !== 'altcha') return 0;
  return Math.min(0.99, context.tries / challenge.maxCounter);
}
