// Presentations (and later images) of the creation area: owner-scoped.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OutlineSection, Slide } from '../../../common/contract/creation.js';
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
