// User feedback from the user menu. Re-exported from schema.ts.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.js';

/** What users tell the operator through the user menu's feedback item. */
export const userFeedback = pgTable(
  'user_feedback',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    content: text('content').notNull(),
    /** Where the user was when writing (a path inside the app), for context. */
    page: text('page'),
    /** Voice-assistant feedback: 'good' or 'bad', and what went wrong (VOICE_FEEDBACK_REASONS). */
    rating: text('rating'),
    reasons: jsonb('reasons').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_feedback_user_idx').on(t.userId, t.createdAt)],
);
