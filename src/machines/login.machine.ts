// The login modal: closed -> email -> (sending) -> code -> (verifying) -> closed on success.
// Closing resets to the email step and clears the email; the resend link waits 59 s.
import { assign, emit, fromPromise, sendParent, setup } from 'xstate';
import {
  EMAIL_PATTERN,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_RESEND_SECONDS,
  type LoginType,
  plainEmail,
  type SocialProvider,
} from '../../common/contract';
import { authApi } from '../api/auth';
import type { UpgradePrompt } from '../api/http';
import { socialApi } from '../api/social-login';
import { leaveForProvider } from '../i18n';

/** Next and Verify act on the first press and ignore repeats for 2 s (a leading debounce). */
export const SUBMIT_DEBOUNCE_MS = 2000;

export interface LoginContext {
  email: string;
  /** 'invalidEmail' (the inline common.againEmail) or a server message. */
  emailError: string | null;
  codeError: boolean;
  resendIn: number;
  lastSubmitAt: number;
  /** Counts successful logins, so the app can react to each one (it lands on home). */
  successes: number;
  /** The social login under way, named in its LoginFail event. */
  socialType: LoginType | null;
  /** What the person was doing when the modal opened for it (Upgrade): carried on once they are logged in. */
  next: LoginNext | null;
}

/** An action that needed a login and goes on after it. */
export type LoginNext = { type: 'PAY.OPEN'; prompt?: UpgradePrompt | null };

export type LoginEvent =
  | { type: 'OPEN'; next?: LoginNext }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'CODE_TYPED' }
  | { type: 'RESEND' }
  | { type: 'CHANGE_EMAIL' }
  /** Continue with Google / Apple: off to the provider's page. */
  | { type: 'SOCIAL_START'; provider: SocialProvider }
  /** The provider sent the browser back to the app's page `uri` (with code and state, or an error). */
  | { type: 'SOCIAL_RETURN'; provider: SocialProvider; uri: string }
  | { type: 'ONE_TAP'; idToken: string };

/** Social login errors show no message; they are told to whoever listens, e.g. analytics. */
export type LoginEmitted = { type: 'LoginFail'; loginType: LoginType; details: string };

export type SocialFinish =
  | { kind: 'code'; provider: SocialProvider; uri: string }
  | { kind: 'onetap'; idToken: string };

const errorDetails = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Finishes a social login; a provider that sent an error instead of a code fails with that error. */
async function finishSocial(input: SocialFinish): Promise<string | null> {
  if (input.kind === 'onetap') return socialApi.oneTap(input.idToken);
  const params = new URL(input.uri).searchParams;
  const code = params.get('code');
  if (!code) throw new Error(params.get('error') ?? 'no code');
  return socialApi.finish(input.provider, code, input.uri);
}

const fresh = (successes = 0): LoginContext => ({
  email: '',
  emailError: null,
  codeError: false,
  resendIn: 0,
  successes,
  lastSubmitAt: 0,
  socialType: null,
  next: null,
});

const loginFail = ({ context }: { context: LoginContext }, details: string): LoginEmitted => ({
  type: 'LoginFail',
  loginType: context.socialType ?? 'google',
  details,
});

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent, emitted: {} as LoginEmitted },
  guards: { debounced: ({ context }) => Date.now() - context.lastSubmitAt < SUBMIT_DEBOUNCE_MS },
  actors: {
    sendCode: fromPromise<boolean, { email: string }>(({ input }) => authApi.sendLoginCode(input.email)),
    verify: fromPromise<string | null, { email: string; code: string }>(({ input }) =>
      authApi.loginByCode(input.email, input.code),
    ),
    socialStart: fromPromise<string, { provider: SocialProvider }>(
      async ({ input }) => (await socialApi.start(input.provider, 'login')).url,
    ),
    socialFinish: fromPromise<string | null, SocialFinish>(({ input }) => finishSocial(input)),
  },
  actions: {
    // The browser leaves the app for the provider's page.
    goToProvider: (_, url: string) => leaveForProvider(url),
  },
}).createMachine({
  id: 'login',
  context: () => fresh(),
  initial: 'closed',
  states: {
    closed: {
      entry: assign(({ context }) => fresh(context.successes)),
      on: {
        OPEN: { target: 'open', actions: assign({ next: ({ event }) => event.next ?? null }) },
        SOCIAL_RETURN: {
          target: 'finishingSocial',
          actions: assign({ socialType: ({ event }) => event.provider }),
        },
        ONE_TAP: { target: 'finishingSocial', actions: assign({ socialType: 'onetap' }) },
      },
    },
    finishingSocial: {
      invoke: {
        src: 'socialFinish',
        input: ({ event }): SocialFinish =>
          event.type === 'ONE_TAP'
            ? { kind: 'onetap', idToken: event.idToken }
            : event.type === 'SOCIAL_RETURN'
              ? { kind: 'code', provider: event.provider, uri: event.uri }
              : { kind: 'code', provider: 'google', uri: 'about:blank' },
        onDone: [
          {
            guard: ({ event }) => typeof event.output === 'string' && event.output.length > 0,
            target: 'closed',
            actions: [
              assign(({ context }) => ({ successes: context.successes + 1 })),
              sendParent(({ event }) => ({ type: 'AUTH.LOGGED_IN', token: event.output as string })),
            ],
          },
          { target: 'closed', actions: emit((args) => loginFail(args, 'no token')) },
        ],
        onError: {
          target: 'closed',
          actions: emit((args) => loginFail(args, errorDetails(args.event.error))),
        },
      },
    },
    open: {
      initial: 'email',
      on: { CLOSE: 'closed' },
      states: {
        email: {
          on: {
            SOCIAL_START: {
              target: 'redirecting',
              actions: assign({ socialType: ({ event }) => event.provider }),
            },
            SUBMIT_EMAIL: [
              { guard: 'debounced' },
              {
                guard: ({ event }) => EMAIL_PATTERN.test(plainEmail(event.email)),
                target: 'sending',
                actions: assign(({ event }) => ({
                  email: plainEmail(event.email),
                  emailError: null,
                  lastSubmitAt: Date.now(),
                })),
              },
              { actions: assign({ emailError: 'invalidEmail' }) },
            ],
          },
        },
        redirecting: {
          invoke: {
            src: 'socialStart',
            input: ({ event }) => ({ provider: event.type === 'SOCIAL_START' ? event.provider : 'google' }),
            onDone: { actions: { type: 'goToProvider', params: ({ event }) => event.output } },
            onError: {
              target: 'email',
              actions: emit((args) => loginFail(args, errorDetails(args.event.error))),
            },
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
                  sendParent(({ context, event }) => ({
                    type: 'AUTH.LOGGED_IN',
                    token: event.output as string,
                    next: context.next,
                  })),
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
