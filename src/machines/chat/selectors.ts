// What a chat screen shows: the actor's part of it, and the one message list built from the device cache
// and the live actor (the cache holds what is saved; the actor holds every chunk of the answer being written).
import type { SnapshotFrom } from 'xstate';
import type { ChatMessage } from '../../../common/contract';
import type { ChatMachine } from './chat.machine';

export interface ChatView {
  active: boolean;
  /** A channel's first load from the server is under way (what the cache holds may still be missing). */
  syncing: boolean;
  waitingForMeta: boolean;
  answerMessageId: string | null;
  text: string;
  pendingUserText: string | null;
  error: string | null;
  failed: boolean;
  reconnectAttempt: number;
  notFound: boolean;
  returnedText: { text: string; seq: number } | null;
  editedMessageId: string | null;
}

export const selectChatView = (s: SnapshotFrom<ChatMachine>): ChatView => ({
  active: s.matches('active'),
  syncing: s.matches('opening') || s.matches('syncing'),
  waitingForMeta: s.matches({ active: 'sending' }),
  answerMessageId: s.context.answerMessageId,
  text: s.context.text,
  pendingUserText: s.context.pendingUserText,
  error: s.context.error,
  failed: s.matches({ ready: 'failed' }),
  reconnectAttempt: s.context.reconnectAttempt,
  notFound: s.context.notFound,
  returnedText: s.context.returnedText,
  editedMessageId: s.context.editedMessageId,
});

const draft = (id: string, role: ChatMessage['role'], content: string): ChatMessage => ({
  id,
  channelId: '',
  role,
  content,
  model: '',
  status: 'done',
  error: null,
  feedback: null,
  requestId: null,
  createdAt: '',
});

/** The messages the chat shows, in order. */
export function messagesShown(cached: readonly ChatMessage[] | undefined, chat: ChatView): ChatMessage[] {
  let held = cached ?? [];
  // An edited question and what followed it leave the screen as soon as the new one is sent.
  const cut = chat.active && chat.editedMessageId ? held.findIndex((m) => m.id === chat.editedMessageId) : -1;
  if (cut >= 0) held = held.slice(0, cut);
  const list: ChatMessage[] = held.map((m) =>
    // The live answer is drawn from the actor (every chunk); the cache catches up a few times a second.
    chat.active && m.id === chat.answerMessageId ? { ...m, content: chat.text, status: 'streaming' } : m,
  );
  // Until the server has the question (or when it failed before answering), the question as typed and an
  // answer placeholder stand in for the rows the cache does not have yet.
  const pendingShown =
    chat.pendingUserText !== null && (chat.waitingForMeta || (chat.failed && !chat.answerMessageId));
  if (pendingShown) {
    list.push(draft('pending-user', 'user', chat.pendingUserText ?? ''));
    list.push({
      ...draft('pending-answer', 'assistant', ''),
      status: chat.failed ? 'failed' : 'streaming',
      error: chat.error,
    });
  }
  return list;
}
