// Writing documents: owner-scoped, with a revision that every write must name (no silent overwrite). The id is
// the client's and is unique per owner only: another owner's document by the same id is invisible to a create, so
// a create can never tell whether an id is taken by someone else.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { EditorJson } from '../../../common/contract/writing.js';
import { users } from './user.js';

export const writingDocs = pgTable(
  'writing_docs',
  {
    id: text('id').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: jsonb('content').$type<EditorJson>().notNull(),
    revision: integer('revision').notNull().default(1),
    tipsExistFlag: integer('tips_exist_flag').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.id] }),
    index('writing_docs_owner_updated_idx').on(t.ownerId, t.updatedAt),
  ],
);
