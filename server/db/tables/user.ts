// The user: the account row, feature tips and connector tokens. Re-exported from schema.ts.
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OcrLanguageChoice } from '../../../common/contract/index.js';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['guest', 'member'] }).notNull(),
    email: text('email'),
    username: text('username'),
    /** The membership ids: 0 Free, 1 MonthPro, 2 Trial, 3 YearPro, 4/5 Unlimited, 6/7 ProPlus. */
    membershipId: integer('membership_id').notNull().default(0),
    membershipExpDate: timestamp('membership_exp_date', { withTimezone: true }),
    /** The user's switch for reading scanned pages and pictures of pages (OCR); the operator's DOCS_OCR wins. */
    ocr: boolean('ocr').notNull().default(true),
    /** 'Auto' (English and the uploader's app language) or one shipped tesseract language. */
    ocrLanguage: text('ocr_language').$type<OcrLanguageChoice>().notNull().default('Auto'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email).where(sql`${t.email} is not null`)],
);

/** Feature tips per user (tag -> value; 1 shows the tip, 0 hides it). */
export const userTips = pgTable(
  'user_tips',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** Connected sources per user; status 0 disabled, 1 enabled, 2 on the waiting list. */
export const connectors = pgTable(
  'connectors',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: integer('status').notNull(),
    /** Google Drive only: the file-scoped access token and when it expires. */
    accessToken: text('access_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
