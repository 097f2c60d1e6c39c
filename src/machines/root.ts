// The one actor system: auth, background sync, and a chat actor per open channel (plus the new chat).
import {
  type ActorRefFrom,
  assign,
  createActor,
  enqueueActions,
  type SnapshotFrom,
  sendTo,
  setup,
} from 'xstate';
import type { ChannelDetail } from '../../common/contract';
import type { UpgradePrompt } from '../api/http';
import { authMachine } from './auth.machine';
import { type BillingMachine, createBillingMachine } from './billing/billing.machine';
import { browserBillingIO } from './billing/io';
import { captchaMachine } from './captcha.machine';
import { type ChatMachine, createChatMachine } from './chat/chat.machine';
import { browserChatIO } from './chat/io';
import { type LoginNext, loginMachine } from './login.machine';
import { syncLogic } from './sync';
import { tipsMachine } from './tips.machine';

export const NEW_CHAT_KEY = 'new';

export type ChatActorRef = ActorRefFrom<ChatMachine>;

export interface RootContext {
  auth: ActorRefFrom<typeof authMachine>;
  login: ActorRefFrom<typeof loginMachine>;
  captcha: ActorRefFrom<typeof captchaMachine>;
  tips: ActorRefFrom<typeof tipsMachine>;
  billing: ActorRefFrom<BillingMachine>;
  chats: Record<string, ChatActorRef>;
  /** What a login was opened for, done once the new member is known. */
  afterLogin: LoginNext | null;
}

export type RootEvent =
  /** `opened`: the channel as the route's loader fetched it, drawn and taken without asking again. */
  | { type: 'CHAT.OPEN'; key: string; channelId: string | null; opened?: ChannelDetail | null }
  | { type: 'CHAT.NEW' }
  | { type: 'CHAT.CHANNEL_KNOWN'; key: string; channelId: string }
  | { type: 'CHAT.FORGET'; channelId: string }
  | { type: 'UPGRADE.REQUIRED'; prompt: UpgradePrompt }
  | { type: 'SYNC.NOW' }
  | { type: 'AUTH.LOGGED_IN'; token: string; next?: LoginNext | null }
  | { type: 'AUTH.LOGIN_SUCCESS' };

export const rootMachine = setup({
  types: { context: {} as RootContext, events: {} as RootEvent },
  actors: {
    auth: authMachine,
    chat: createChatMachine(browserChatIO),
    sync: syncLogic,
    login: loginMachine,
    captcha: captchaMachine,
    tips: tipsMachine,
    billing: createBillingMachine(browserBillingIO),
  },
}).createMachine({
  id: 'root',
  context: ({ spawn }) => {
    const auth = spawn('auth', { id: 'auth', systemId: 'auth' });
    const login = spawn('login', { id: 'login', systemId: 'login' });
    return {
      auth,
      login,
      billing: spawn('billing', { id: 'billing', systemId: 'billing', input: { auth, login } }),
      captcha: spawn('captcha', { id: 'captcha', systemId: 'captcha' }),
      tips: spawn('tips', { id: 'tips', systemId: 'tips' }),
      chats: {},
      afterLogin: null,
    };
  },
  invoke: { id: 'sync', src: 'sync' },
  on: {
    'CHAT.OPEN': {
      guard: ({ context, event }) => !context.chats[event.key],
      actions: assign({
        chats: ({ context, event, spawn }) => ({
          ...context.chats,
          [event.key]: spawn('chat', {
            input: { key: event.key, channelId: event.channelId, opened: event.opened },
          }),
        }),
      }),
    },
    // New chat while the new chat's first question is still on its way: that chat goes on by itself (under a key
    // of its own until its answer gives it its channel, then under the channel) and home gets a fresh one. Before,
    // home kept showing the question and, once it was answered, took the person back into that chat.
    'CHAT.NEW': {
      guard: ({ context }) => {
        const current = context.chats[NEW_CHAT_KEY]?.getSnapshot();
        return !!current && (current.matches('active') || current.context.pendingUserText !== null);
      },
      actions: enqueueActions(({ context, enqueue }) => {
        const aside = `${NEW_CHAT_KEY}:${crypto.randomUUID()}`;
        const current = context.chats[NEW_CHAT_KEY];
        enqueue.sendTo(current, { type: 'REKEY', key: aside });
        enqueue.assign({
          chats: ({ context, spawn }) => ({
            ...context.chats,
            [aside]: current,
            [NEW_CHAT_KEY]: spawn('chat', { input: { key: NEW_CHAT_KEY, channelId: null } }),
          }),
        });
      }),
    },
    // A new chat learned its channel: it is now that channel's chat, and home gets a fresh one next time.
    'CHAT.CHANNEL_KNOWN': {
      guard: ({ event }) => event.key !== event.channelId,
      actions: assign({
        chats: ({ context, event }) => {
          const { [event.key]: moved, ...rest } = context.chats;
          return moved ? { ...rest, [event.channelId]: moved } : context.chats;
        },
      }),
    },
    'CHAT.FORGET': {
      actions: assign({
        chats: ({ context, event }) => {
          const { [event.channelId]: _gone, ...rest } = context.chats;
          return rest;
        },
      }),
    },
    // 20001 from any call opens the pricing modal with the server's message.
    'UPGRADE.REQUIRED': {
      actions: sendTo('billing', ({ event }) => ({ type: 'PAY.OPEN' as const, prompt: event.prompt })),
    },
    // A guest who pressed Upgrade and logged in for it sees the plans next (a member, the plan they have).
    'AUTH.LOGIN_SUCCESS': {
      actions: enqueueActions(({ context, enqueue }) => {
        enqueue.sendTo(context.billing, { type: 'DISCOUNT.LOAD' });
        if (context.afterLogin) enqueue.sendTo(context.billing, context.afterLogin);
        enqueue.assign({ afterLogin: null });
      }),
    },
    'AUTH.LOGGED_IN': {
      actions: [
        assign({ afterLogin: ({ event }) => event.next ?? null }),
        sendTo('auth', ({ event }) => ({ type: 'LOGGED_IN' as const, token: event.token })),
      ],
    },
    // The caller is known (guest or member): sync what it owns and load its feature tips.
    'SYNC.NOW': { actions: [sendTo('sync', { type: 'SYNC.NOW' }), sendTo('tips', { type: 'LOAD' })] },
  },
});

export type RootSnapshot = SnapshotFrom<typeof rootMachine>;
export const createRootActor = () => createActor(rootMachine);
export type RootActor = ReturnType<typeof createRootActor>;
