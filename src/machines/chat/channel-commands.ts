// Rename and delete are local-first: applied to the cache at once, queued in the outbox, sent when online.
import { chatApi } from '../../api/chat';
import { cacheReady } from '../../local/db';
import type { RootActor } from '../root';

/** The rename rule: trimmed, and a blank name is ignored. Answers whether anything changed. */
export async function renameChannel(
  root: RootActor,
  channelId: string,
  typed: string,
  current: string,
): Promise<boolean> {
  const channelName = typed.trim();
  if (!channelName || channelName === current) return false;
  const { outbox } = await cacheReady();
  await outbox.enqueue({ kind: 'renameChannel', channelId, channelName });
  root.send({ type: 'SYNC.NOW' });
  return true;
}

export async function deleteChannel(root: RootActor, channelId: string): Promise<void> {
  const { outbox } = await cacheReady();
  await outbox.enqueue({ kind: 'deleteChannel', channelId });
  root.send({ type: 'CHAT.FORGET', channelId });
  root.send({ type: 'SYNC.NOW' });
}

/** Like / dislike: shown at once, taken back if the server refuses. */
export async function sendFeedback(
  messageId: string,
  type: 'like' | 'dislike' | null,
  previous: 'like' | 'dislike' | null,
  reason?: string,
) {
  const { channels } = await cacheReady();
  await channels.updateMessage(messageId, { feedback: type });
  try {
    await chatApi.feedback({ messageId, type, ...(reason ? { reason } : {}) });
  } catch {
    await channels.updateMessage(messageId, { feedback: previous });
  }
}
