// Saved prompts and recent prompt searches. Re-exported from schema.ts.
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './user.js';

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
