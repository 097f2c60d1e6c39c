// Saved prompts, shares and analytics events (the extras area). Re-exported from schema.ts.
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SnapshotMessage } from '../../../common/contract/index.js';
import { channels, users } from '../schema.js';

/** A user's saved prompts; only the owner reads or changes one. */
export const userPrompts = pgTable(
  'user_prompts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    /** The client's id for an add, so an add replayed from the outbox is stored once. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_prompts_owner_updated_idx').on(t.ownerId, t.updatedAt),
    uniqueIndex('user_prompts_owner_client_idx').on(t.ownerId, t.clientId),
  ],
);

/** What a user searched for in their prompts, newest kept (recentSearch). */
export const promptRecentSearches = pgTable(
  'prompt_recent_searches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

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

/** Analytics events from browsers that consented to performance cookies; each event id is stored once. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    eventId: text('event_id').primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    sessionId: text('session_id').notNull(),
    webId: text('web_id').notNull(),
    /** Where the server saw the request come from (not what the browser claims). */
    ip: text('ip'),
    country: text('country'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_occurred_idx').on(t.occurredAt)],
);
