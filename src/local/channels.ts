import type { ChannelDetail, ChannelSummary, ChatMessage } from '../../common/contract';
import { db as defaultDb, type LocalChannel, type ParleyDatabase } from './schema';

export const toLocalChannel = (summary: ChannelSummary): LocalChannel => ({
  channelId: summary.channelId,
  channelName: summary.channelName,
  model: summary.model,
  channelType: summary.ext.channelTypeEnum,
  createdAt: summary.createdAt,
  updatedAt: summary.updatedAt,
});

const ROLE_ORDER: Record<ChatMessage['role'], number> = { user: 0, assistant: 1 };

/**
 * A question and its answer are written in one statement and carry the same time to the millisecond; the index
 * then orders them by id, which is random, so half the answers were drawn above their questions after a reload.
 * Within one time, the question comes first.
 */
export function inConversationOrder(list: ChatMessage[]): ChatMessage[] {
  return list.sort(
    (a, b) =>
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
      (ROLE_ORDER[a.role] ?? 2) - (ROLE_ORDER[b.role] ?? 2),
  );
}

export function channelRepository(db: ParleyDatabase = defaultDb) {
  return {
    /** Newest first, as the sidebar shows them. */
    list: () => db.channels.orderBy('updatedAt').reverse().toArray(),
    /** The newest few, read first: a screenful of history without reading thousands of chats. */
    newest: (count: number) => db.channels.orderBy('updatedAt').reverse().limit(count).toArray(),
    get: (channelId: string) => db.channels.get(channelId),
    messages: async (channelId: string) =>
      inConversationOrder(
        await db.messages
          .where('[channelId+createdAt]')
          .between([channelId, ''], [channelId, '\uffff'])
          .toArray(),
      ),

    /** The server's list wins, except for writes still waiting in the outbox (applied on top). */
    async replaceAll(summaries: ChannelSummary[]) {
      await db.transaction('rw', db.channels, db.messages, db.outbox, async () => {
        const keep = new Set(summaries.map((s) => s.channelId));
        const gone = (await db.channels.toCollection().primaryKeys()).filter((id) => !keep.has(id));
        await db.channels.bulkDelete(gone);
        await db.messages.where('channelId').anyOf(gone).delete();
        await db.channels.bulkPut(summaries.map(toLocalChannel));
        await applyPendingOperations(db);
      });
    },

    async replaceChannel(detail: ChannelDetail) {
      await db.transaction('rw', db.channels, db.messages, db.outbox, async () => {
        await db.channels.put(toLocalChannel(detail.channel));
        const ids = new Set(detail.messages.map((m) => m.id));
        const stale = (await db.messages.where('channelId').equals(detail.channel.channelId).toArray())
          .filter((m) => !ids.has(m.id))
          .map((m) => m.id);
        await db.messages.bulkDelete(stale);
        await db.messages.bulkPut(detail.messages);
        await applyPendingOperations(db);
      });
    },

    upsertChannel: (channel: LocalChannel) => db.channels.put(channel),
    putMessages: (messages: ChatMessage[]) => db.messages.bulkPut(messages),
    updateMessage: (id: string, changes: Partial<ChatMessage>) => db.messages.update(id, changes),
    deleteMessages: (ids: string[]) => db.messages.bulkDelete(ids),

    async rename(channelId: string, channelName: string) {
      await db.channels.update(channelId, { channelName });
    },
    async remove(channelId: string) {
      await db.transaction('rw', db.channels, db.messages, async () => {
        await db.channels.delete(channelId);
        await db.messages.where('channelId').equals(channelId).delete();
      });
    },
  };
}

/** Re-applies queued offline writes over fresher server data, so a refresh never undoes them. */
async function applyPendingOperations(db: ParleyDatabase) {
  for (const { operation } of await db.outbox.orderBy('seq').toArray()) {
    if (operation.kind === 'renameChannel')
      await db.channels.update(operation.channelId, { channelName: operation.channelName });
    if (operation.kind === 'deleteChannel') {
      await db.channels.delete(operation.channelId);
      await db.messages.where('channelId').equals(operation.channelId).delete();
    }
  }
}

export const channels = channelRepository();
