// The opened chat's messages, read from the device cache as the app starts (beside the page's chunks), so the
// chat's first draw has them instead of asking IndexedDB only once the page has rendered.
import type { ChatMessage } from '../../../common/contract';
import { tokenStore } from '../../api/storage';
import { cacheOwner } from '../../local/cache-owner';
import { cacheReady } from '../../local/db';

let early: { channelId: string; messages?: ChatMessage[] } | undefined;

export function readMessagesEarly(channelId: string) {
  const read: { channelId: string; messages?: ChatMessage[] } = { channelId };
  early = read;
  // Only the cache of the user now here (cacheOwner.holds): not a previous user's chat after a token change.
  if (!cacheOwner.holds(tokenStore.current())) return;
  void cacheReady()
    .then(({ channels }) => channels.messages(channelId))
    .then((messages) => {
      read.messages = messages;
    })
    .catch(() => {});
}

/**
 * What the early read found for this chat, if it has finished by the chat's first draw; taken once (the page's
 * live query takes over, and a later visit must not start from messages that may be stale by then).
 */
export function takeEarlyMessages(channelId: string | null): ChatMessage[] | undefined {
  if (!channelId || early?.channelId !== channelId) return undefined;
  const { messages } = early;
  early = undefined;
  return messages;
}
