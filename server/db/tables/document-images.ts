// Pictures found in a user's documents (pdf, docx, pptx), kept in the object store under the owner's
// document, and one row per document saying how their extraction ended.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documents } from './documents.js';

export const documentImages = pgTable(
  'document_images',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id').notNull(),
    /** The document's md5 (documents.md5), so a listing by md5 needs no join. */
    md5: text('md5').notNull(),
    /** Page or slide (1-based) that shows it; null when the file does not say (headers, slide layouts). */
    page: integer('page'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Identical pictures are kept once per document. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Reading order inside the document (page, then place on the page). */
    seq: integer('seq').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_images_document_seq_idx').on(t.documentId, t.seq),
    uniqueIndex('document_images_document_sha_idx').on(t.documentId, t.sha256),
    index('document_images_owner_md5_idx').on(t.ownerId, t.md5),
  ],
);

/** How a document's picture extraction ended: done (with how many were kept) or failed. */
export const documentImageRuns = pgTable('document_image_runs', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  ownerId: text('owner_id').notNull(),
  state: text('state', { enum: ['done', 'failed'] }).notNull(),
  imageCount: integer('image_count').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
