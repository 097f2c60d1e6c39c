// Document chat: a user's parsed documents, their text in page-numbered chunks (PostgreSQL full-text search,
// also on PGlite), the documents of each channel and the page sources each answer was given.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { channels, messages } from './chat.js';
import { users } from './user.js';

export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The object's md5 (uploads/<md5>); for a web page, the md5 of its address. */
    md5: text('md5').notNull(),
    fileName: text('file_name').notNull(),
    /** The file type: pdf, doc, ppt (web pages count as doc). */
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    url: text('url'),
    topic: text('topic').notNull(),
    language: text('language').notNull(),
    pageCount: integer('page_count').notNull(),
    /** The pages are of a fixed size (the file has no page breaks there): page numbers are estimates. */
    pagesEstimated: boolean('pages_estimated').notNull().default(false),
    parseStatus: integer('parse_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_owner_md5_idx').on(t.ownerId, t.md5),
    index('documents_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);

export const documentChunks = pgTable(
  'document_chunks',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    ownerId: text('owner_id').notNull(),
    page: integer('page').notNull(),
    content: text('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.seq] }),
    index('document_chunks_fts_idx').using('gin', sql`to_tsvector('simple', ${t.content})`),
  ],
);

export const channelDocuments = pgTable(
  'channel_documents',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.documentId] })],
);

/** The numbered sources an answer was grounded in: [n] in its text is source n. */
export const answerSources = pgTable(
  'answer_sources',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    excerpt: text('excerpt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.n] }), index('answer_sources_channel_idx').on(t.channelId)],
);

/** The web or academic search results an answer was given: [n] in its text is link n. */
export const answerLinks = pgTable(
  'answer_links',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    kind: text('kind', { enum: ['web', 'academic'] }).notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    favicon: text('favicon').notNull(),
    source: text('source').notNull(),
    publishDate: text('publish_date'),
    snippet: text('snippet').notNull(),
    isPdf: boolean('is_pdf').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.n] }), index('answer_links_channel_idx').on(t.channelId)],
);

/**
 * Unit-length embeddings of the chunks, when the AI provider offers embeddings (a plain real[]: cosine is
 * their dot product, computed in SQL, so it runs on PGlite and on PostgreSQL without an extension).
 */
export const chunkEmbeddings = pgTable(
  'chunk_embeddings',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    ownerId: text('owner_id').notNull(),
    model: text('model').notNull(),
    embedding: real('embedding').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] })],
);
