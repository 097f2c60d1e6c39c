// Resumable uploads in progress: one per user and file (md5), with the parts that have arrived.
import { bigint, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './user.js';

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

/**
 * Who proved they hold the bytes of a stored object: they uploaded it (or it was read as their document).
 * Objects are stored once per md5; only these users may learn it is stored or make a document of it.
 */
export const objectUploads = pgTable(
  'object_uploads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    md5: text('md5').notNull(),
    /** SHA-256 of the bytes where Parley saw them (md5 alone is not collision-resistant). */
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.md5] })],
);
