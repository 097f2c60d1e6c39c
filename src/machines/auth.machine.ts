// Who the caller is. Unknown until resolved; without a stored login the caller is a guest whose token is
// kept in storage, or obtained through the visit call (retried when offline).
import { assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import type { UserInfo } from '../../common/contract';
import { authApi } from '../api/auth';
import { tokenStore, userInfoStore } from '../api/storage';
import { userApi } from '../api/user';
import { cacheReady } from '../local/db';
import { type OutboxOwner, outboxCaller } from '../local/outbox-owner';

export interface AuthContext {
  token: string | null;
  guestToken: string | null;
  /** null while unknown, false for guests. */
  isLogin: boolean | null;
  user: UserInfo | null;
  /** Set right after a login, so the browser extension is told once the user is known. */
  justLoggedIn: boolean;
  /** Whose session just ended without a logout (taken before its token is forgotten), for the cache to set aside. */
  ended: OutboxOwner | null;
  error: string | null;
}

export type AuthEvent =
  | { type: 'UNAUTHORIZED' }
  | { type: 'ONLINE' }
  | { type: 'RETRY' }
  | { type: 'LOGGED_IN'; token: string }
  | { type: 'LOGOUT' }
  /** The server deleted the account: nothing of it is sent or kept here any more, a new guest begins. */
  | { type: 'ACCOUNT_DELETED' }
  /** Fetch the user info again (after a payment, a plan change, closing the pay modal). */
  | { type: 'REFRESH' };

/** How long the app works from its cached user info before asking the server again. */
export const CURRENT_USER_RETRY_MS = 15_000;

export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    visit: fromPromise(() => authApi.visit()),
    currentUser: fromPromise(() => userApi.currentUser()),
    // Changes still waiting to be sent go first (they are the member's); then the server session ends and this
    // browser forgets the account's cached data.
    signout: fromPromise(async () => {
      const cache = await cacheReady().catch(() => null);
      await cache?.outbox.flush().catch(() => undefined);
      await authApi.signout().catch(() => false);
      await cache?.forgetThisDevice().catch(() => undefined);
    }),
    // A session ended without a logout: the next caller sees none of its cache; its unsent work waits for it.
    endSession: fromPromise<void, OutboxOwner | null>(async ({ input }) => {
      const cache = await cacheReady().catch(() => null);
      await cache?.endSession(input).catch(() => undefined);
    }),
    // After a deletion the outbox is not sent (its changes were the deleted account's): the cache is only emptied.
    forgetDeleted: fromPromise(async () => {
      const cache = await cacheReady().catch(() => null);
      await cache?.forgetThisDevice().catch(() => undefined);
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    hasGuestToken: ({ context }) => context.guestToken !== null,
  },
  actions: {
    storeLogin: assign(({ event }) => {
      if (event.type !== 'LOGGED_IN') return {};
      tokenStore.setToken(event.token);
      // Whoever was known before is not this login: until its user info arrives, nothing (the outbox's owner
      // check, the browser extension) may take the previous one's for it.
      userInfoStore.write(null);
      return { token: event.token, justLoggedIn: true, user: null };
    }),
    forgetLogin: assign(() => {
      tokenStore.setToken(null);
      userInfoStore.write(null);
      return { token: null, isLogin: null, user: null };
    }),
    forgetTokens: assign(() => {
      tokenStore.setToken(null);
      userInfoStore.write(null);
      tokenStore.setGuestToken(null);
      return { token: null, guestToken: null, isLogin: null, user: null };
    }),
  },
}).createMachine({
  id: 'auth',
  context: () => ({
    token: tokenStore.token(),
    guestToken: tokenStore.guestToken(),
    isLogin: null,
    user: null,
    justLoggedIn: false,
    ended: null,
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
      // A social login can finish (on its return page) before the guest visit answers.
      on: { LOGGED_IN: { target: 'member', actions: 'storeLogin' } },
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
      on: {
        ONLINE: 'visiting',
        RETRY: 'visiting',
        LOGGED_IN: { target: 'member', actions: 'storeLogin' },
      },
    },
    guest: {
      // The caller is known: the parent may now sync what this caller owns.
      entry: [assign({ isLogin: false, user: null }), sendParent({ type: 'SYNC.NOW' })],
      on: {
        UNAUTHORIZED: { target: 'visiting', actions: 'forgetTokens' },
        LOGGED_IN: { target: 'member', actions: 'storeLogin' },
      },
    },
    // A stored login: unknown (isLogin null) until currentUser answers. Any failure other than 401 (a 500,
    // no network, the installed app opened offline) leaves the app working from the last known user info
    // and asks again later; a 401 arrives as UNAUTHORIZED from the HTTP layer.
    member: {
      entry: sendParent({ type: 'SYNC.NOW' }),
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'currentUser',
            onDone: {
              target: 'known',
              // Login follow-ups run before the assign below clears justLoggedIn (actions see updated context).
              actions: [
                // First: the sync asked for below replays the writes of this user (see local/outbox-owner.ts).
                ({ event }) => userInfoStore.write(event.output),
                enqueueActions(({ context, event, enqueue }) => {
                  if (!context.justLoggedIn) return;
                  // The writes the guest queued before signing in are the account's now (the server moved the
                  // guest's things to it); the sync at this login's start did not know whose they were yet.
                  enqueue.sendParent({ type: 'SYNC.NOW' });
                  // The message the browser extension listens for after a login.
                  window.postMessage(
                    { type: 'loginSuccess', userInfo: event.output, token: context.token },
                    location.origin,
                  );
                  // ... and the active discount coupon is loaded (billing).
                  enqueue.sendParent({ type: 'AUTH.LOGIN_SUCCESS' });
                }),
                assign(({ event }) => ({
                  user: event.output,
                  isLogin: event.output.isLogin,
                  justLoggedIn: false,
                  error: null,
                })),
              ],
            },
            onError: {
              target: 'unavailable',
              actions: assign(({ context, event }) => {
                const cached = context.user ?? userInfoStore.read();
                return {
                  user: cached,
                  isLogin: cached ? cached.isLogin : context.isLogin,
                  error: event.error instanceof Error ? event.error.message : 'currentUser failed',
                };
              }),
            },
          },
        },
        known: {},
        unavailable: {
          after: { [CURRENT_USER_RETRY_MS]: 'loading' },
          on: { RETRY: 'loading', ONLINE: 'loading' },
        },
      },
      on: {
        // Who it was is read before the token goes (the outbox knows an account by both).
        UNAUTHORIZED: {
          target: 'endingSession',
          actions: [assign({ ended: () => outboxCaller() }), 'forgetLogin'],
        },
        LOGOUT: 'signingOut',
        ACCOUNT_DELETED: 'forgettingDeleted',
        REFRESH: { target: 'member', reenter: true },
      },
    },
    endingSession: {
      invoke: {
        src: 'endSession',
        input: ({ context }) => context.ended,
        onDone: { target: 'resolving', actions: assign({ ended: null }) },
        onError: { target: 'resolving', actions: assign({ ended: null }) },
      },
      // The login dialog opens with the 401; a login finished before the cache is emptied (it takes milliseconds)
      // still counts.
      on: { LOGGED_IN: { target: 'member', actions: 'storeLogin' } },
    },
    forgettingDeleted: {
      invoke: {
        src: 'forgetDeleted',
        onDone: { target: 'resolving', actions: 'forgetTokens' },
        onError: { target: 'resolving', actions: 'forgetTokens' },
      },
    },
    signingOut: {
      invoke: {
        src: 'signout',
        onDone: { target: 'resolving', actions: 'forgetLogin' },
        onError: { target: 'resolving', actions: 'forgetLogin' },
      },
    },
  },
});
