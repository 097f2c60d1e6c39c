// Channels and their messages, always scoped to the caller: another caller's channel answers as not found.
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { ChannelDetail, ChannelSummary } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { channels, messages } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';
import { docEntriesByChannel } from '../documents/doc-chats.js';
import { type ChannelRow, toChannelSummary, toChatMessage } from './channel-rows.js';

export function createChannelService(db: Database) {
  async function ownedChannel(caller: Caller, channelId: string): Promise<ChannelRow> {
    const rows = await db
      .select()
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.ownerId, caller.userId)))
      .limit(1);
    if (!rows[0]) throw notFound('channel.notFound');
    return rows[0];
  }

  return {
    ownedChannel,

    async list(caller: Caller): Promise<ChannelSummary[]> {
      const rows = await db
        .select()
        .from(channels)
        // The writing editor's Ask AI conversations are not chats of the sidebar.
        .where(and(eq(channels.ownerId, caller.userId), ne(channels.channelType, 'WRITING')))
        .orderBy(desc(channels.updatedAt))
        .limit(1000);
      const docs = await docEntriesByChannel(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({ ...toChannelSummary(row), ...docs.get(row.id) }));
    },

    async rename(caller: Caller, channelId: string, name: string): Promise<ChannelSummary> {
      await ownedChannel(caller, channelId);
      const [row] = await db
        .update(channels)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(channels.id, channelId), eq(channels.ownerId, caller.userId)))
        .returning();
      return toChannelSummary(row);
    },

    async remove(caller: Caller, channelId: string): Promise<void> {
      await ownedChannel(caller, channelId);
      await db.delete(channels).where(and(eq(channels.id, channelId), eq(channels.ownerId, caller.userId)));
    },

    async detail(caller: Caller, channelId: string): Promise<ChannelDetail> {
      const channel = await ownedChannel(caller, channelId);
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.channelId, channelId))
        .orderBy(asc(messages.position));
      const docs = await docEntriesByChannel(db, [channel.id]);
      return {
        channel: { ...toChannelSummary(channel), ...docs.get(channel.id) },
        messages: rows.map(toChatMessage),
      };
    },
  };
}
export type ChannelService = ReturnType<typeof createChannelService>;
