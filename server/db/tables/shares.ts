// Shared chats: the snapshot behind each share key. Re-exported from schema.ts.
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SnapshotMessage } from '../../../common/contract/index.js';
import { channels } from './chat.js';
import { users } from './user.js';

/** A snapshot of a chat taken when it was shared; readable by anyone holding the key, until revoked. */
export const channelShares = pgTable(
  'channel_shares',
  {
    id: text('id').primaryKey(),
    /** sha256 of the 192-bit key; the key itself is only in the link. */
    keyHash: text('key_hash').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    model: text('model').notNull(),
    messages: jsonb('messages').$type<SnapshotMessage[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channel_shares_key_idx').on(t.keyHash),
    index('channel_shares_channel_idx').on(t.channelId),
  ],
);
