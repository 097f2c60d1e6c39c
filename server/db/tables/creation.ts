// Presentations (and later images) of the creation area: owner-scoped.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OutlineSection, PresentationChunk, Slide } from '../../../common/contract/creation.js';
import { users } from './user.js';

export const presentations = pgTable(
  'presentations',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    topic: text('topic').notNull().default(''),
    sourceMd5: text('source_md5'),
    type: text('type', { enum: ['outline', 'slides'] })
      .notNull()
      .default('outline'),
    templateId: integer('template_id').notNull().default(20000),
    outline: jsonb('outline').$type<OutlineSection[]>().notNull(),
    slides: jsonb('slides').$type<Slide[]>().notNull(),
    generatedBy: text('generated_by', { enum: ['ai', 'offline'] })
      .notNull()
      .default('offline'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('presentations_owner_updated_idx').on(t.ownerId, t.updatedAt)],
);

/**
 * One generation of a presentation's outline or slides, while it runs and a while after: leased to the
 * instance generating it (as chat answers are), its chunks stored, so a client resumes it on any instance and
 * another instance continues it when its own dies.
 */
export const presentationRuns = pgTable(
  'presentation_runs',
  {
    id: text('id').primaryKey(),
    /** The client's id of the generation (its resume key); a constraint, which the chunks' key refers to. */
    requestId: text('request_id').notNull().unique(),
    presentationId: text('presentation_id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step', { enum: ['outline', 'slides'] }).notNull(),
    generatedBy: text('generated_by', { enum: ['ai', 'offline'] }).notNull(),
    /** What an instance continuing the run needs: the request as the owner made it. */
    request: jsonb('request')
      .$type<{
        topic: string;
        md5: string | null;
        model: string;
        language: string;
        callerKind: 'guest' | 'member';
      }>()
      .notNull(),
    status: text('status', { enum: ['streaming', 'done', 'stopped', 'failed'] })
      .notNull()
      .default('streaming'),
    leaseOwner: text('lease_owner'),
    leaseHeartbeatAt: timestamp('lease_heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One generation at a time per presentation, across instances.
    uniqueIndex('presentation_runs_one_streaming_idx')
      .on(t.presentationId)
      .where(sql`${t.status} = 'streaming'`),
    index('presentation_runs_presentation_idx').on(t.presentationId),
    index('presentation_runs_streaming_lease_idx')
      .on(t.leaseOwner, t.leaseHeartbeatAt)
      .where(sql`${t.status} = 'streaming'`),
  ],
);

/** The stored chunks of a presentation run, numbered as clients receive them. */
export const presentationRunChunks = pgTable(
  'presentation_run_chunks',
  {
    requestId: text('request_id')
      .notNull()
      .references(() => presentationRuns.requestId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    chunk: jsonb('chunk').$type<Omit<PresentationChunk, 'chunkId'>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.seq] })],
);

/** Generated images: the bytes live in the object store under their md5; the row says whose they are. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    revisedPrompt: text('revised_prompt'),
    md5: text('md5').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_owner_created_idx').on(t.ownerId, t.createdAt)],
);
