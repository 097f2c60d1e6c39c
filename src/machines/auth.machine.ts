// Who the caller is. Unknown until resolved; without a stored login the caller is a guest whose token is
// kept in storage, or obtained through the visit call (retried when offline).
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { authApi } from '../api/auth';
import { tokenStore } from '../api/storage';

export interface AuthContext {
  token: string | null;
  guestToken: string | null;
  /** null while unknown (the spec's login state), false for guests. */
  isLogin: boolean | null;
  error: string | null;
}

export type AuthEvent = { type: 'UNAUTHORIZED' } | { type: 'ONLINE' } | { type: 'RETRY' };

export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: { visit: fromPromise(() => authApi.visit()) },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasGuestToken: ({ context }) => context.guestToken !== null,
  },
  actions: {
    forgetTokens: assign(() => {
      tokenStore.setToken(null);
      tokenStore.setGuestToken(null);
      return { token: null, guestToken: null, isLogin: null };
    }),
  },
}).createMachine({
  id: 'auth',
  context: () => ({
    token: tokenStore.token(),
    guestToken: tokenStore.guestToken(),
    isLogin: null,
    error: null,
  }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: 'hasToken', target: 'member' },
        { guard: 'hasGuestToken', target: 'guest' },
        { target: 'visiting' },
      ],
    },
    visiting: {
      invoke: {
        src: 'visit',
        onDone: {
          target: 'guest',
          actions: assign(({ event }) => {
            tokenStore.setGuestToken(event.output);
            return { guestToken: event.output, error: null };
          }),
        },
        onError: {
          target: 'offline',
          actions: assign(({ event }) => ({
            error: event.error instanceof Error ? event.error.message : 'visit failed',
          })),
        },
      },
    },
    offline: {
      after: { 5000: 'visiting' },
      on: { ONLINE: 'visiting', RETRY: 'visiting' },
    },
    guest: {
      // The caller is known: the parent may now sync what this caller owns.
      entry: [assign({ isLogin: false }), sendParent({ type: 'SYNC.NOW' })],
      on: { UNAUTHORIZED: { target: 'visiting', actions: 'forgetTokens' } },
    },
    // Logged-in accounts arrive with the accounts feature; a stored token is honoured until the server refuses it.
    member: {
      entry: sendParent({ type: 'SYNC.NOW' }),
      on: { UNAUTHORIZED: { target: 'visiting', actions: 'forgetTokens' } },
    },
  },
});
