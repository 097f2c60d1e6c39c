// The login modal: closed -> email -> (sending) -> code -> (verifying) -> closed on success.
// Closing resets to the email step and clears the email; the resend link waits 59 s.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { accountApi } from '../api/account';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_RESEND_SECONDS } from '../api/contract';

/** Next and Verify act on the first press and ignore repeats for 2 s (the spec's leading debounce). */
export const SUBMIT_DEBOUNCE_MS = 2000;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginContext {
  email: string;
  /** 'invalidEmail' (the spec's inline common.againEmail) or a server message. */
  emailError: string | null;
  codeError: boolean;
  resendIn: number;
  lastSubmitAt: number;
  /** Counts successful logins, so the app can react to each one (it lands on home). */
  successes: number;
}

export type LoginEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'CODE_TYPED' }
  | { type: 'RESEND' }
  | { type: 'CHANGE_EMAIL' };

const fresh = (successes = 0): LoginContext => ({
  email: '',
  emailError: null,
  codeError: false,
  resendIn: 0,
  successes,
  lastSubmitAt: 0,
});

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  guards: { debounced: ({ context }) => Date.now() - context.lastSubmitAt < SUBMIT_DEBOUNCE_MS },
  actors: {
    sendCode: fromPromise<boolean, { email: string }>(({ input }) => accountApi.sendLoginCode(input.email)),
    verify: fromPromise<string | null, { email: string; code: string }>(({ input }) =>
      accountApi.loginByCode(input.email, input.code),
    ),
  },
}).createMachine({
  id: 'login',
  context: () => fresh(),
  initial: 'closed',
  states: {
    closed: { entry: assign(({ context }) => fresh(context.successes)), on: { OPEN: 'open' } },
    open: {
      initial: 'email',
      on: { CLOSE: 'closed' },
      states: {
        email: {
          on: {
            SUBMIT_EMAIL: [
              { guard: 'debounced' },
              {
                guard: ({ event }) => EMAIL_PATTERN.test(event.email.trim()),
                target: 'sending',
                actions: assign(({ event }) => ({
                  email: event.email.trim(),
                  emailError: null,
                  lastSubmitAt: Date.now(),
                })),
              },
              { actions: assign({ emailError: 'invalidEmail' }) },
            ],
          },
        },
        sending: {
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({ email: context.email }),
            // Each button has its own debounce: the code step starts with Verify free to press.
            onDone: {
              target: 'code',
              actions: assign({ resendIn: LOGIN_CODE_RESEND_SECONDS, codeError: false, lastSubmitAt: 0 }),
            },
            onError: {
              target: 'email',
              actions: assign(({ event }) => ({
                emailError: event.error instanceof Error ? event.error.message : 'error',
              })),
            },
          },
        },
        code: {
          after: {
            1000: {
              guard: ({ context }) => context.resendIn > 0,
              target: 'code',
              reenter: true,
              actions: assign(({ context }) => ({ resendIn: context.resendIn - 1 })),
            },
          },
          on: {
            VERIFY: [
              { guard: 'debounced' },
              {
                guard: ({ event }) => new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`).test(event.code),
                target: 'verifying',
                actions: assign({ lastSubmitAt: () => Date.now() }),
              },
            ],
            CODE_TYPED: { actions: assign({ codeError: false }) },
            RESEND: { guard: ({ context }) => context.resendIn === 0, target: 'sending' },
            CHANGE_EMAIL: { target: 'email', actions: assign({ codeError: false }) },
          },
        },
        verifying: {
          invoke: {
            src: 'verify',
            input: ({ context, event }) => ({
              email: context.email,
              code: event.type === 'VERIFY' ? event.code : '',
            }),
            onDone: [
              {
                guard: ({ event }) => typeof event.output === 'string' && event.output.length > 0,
                target: '#login.closed',
                actions: [
                  assign(({ context }) => ({ successes: context.successes + 1 })),
                  sendParent(({ event }) => ({ type: 'AUTH.LOGGED_IN', token: event.output as string })),
                ],
              },
              { target: 'code', actions: assign({ codeError: true }) },
            ],
            onError: { target: 'code', actions: assign({ codeError: true }) },
          },
        },
      },
    },
  },
});
