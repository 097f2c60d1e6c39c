// Resumable uploads in progress: one per user and file (md5), with the parts that have arrived.
import { bigint, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    md5: text('md5').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    /** The store's own id of the multipart upload. */
    storeUploadId: text('store_upload_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('upload_sessions_user_md5_idx').on(t.userId, t.md5)],
);

export const uploadParts = pgTable(
  'upload_parts',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => uploadSessions.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.partNumber] })],
);
