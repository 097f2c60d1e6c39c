// Analytics events, each stored once. Re-exported from schema.ts.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
