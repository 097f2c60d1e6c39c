// Writing documents, always scoped to the caller; every write names the revision it is based on, so two
// tabs or devices never silently overwrite each other (the loser gets 40901 and keeps its text as a copy).
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type EditorJson,
  EMPTY_WRITING_DOC,
  ResponseCode,
  type WritingDoc,
  type WritingDocSummary,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { writingDocs } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';
import type { WritingImageUrls } from './image-urls.js';

type Row = typeof writingDocs.$inferSelect;

const toSummary = (row: Row): WritingDocSummary => ({
  docId: row.id,
  docTitle: row.title,
  revision: row.revision,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const toDoc = (row: Row): WritingDoc => ({
  ...toSummary(row),
  content: row.content ?? EMPTY_WRITING_DOC,
  tipsExistFlag: row.tipsExistFlag === 1,
});

const conflict = () =>
  new AppError(ResponseCode.WritingRevisionConflict, 'writing.revisionConflict', { httpStatus: 409 });
/** jsonb reorders object keys, so texts are compared in a canonical key order. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export function createWritingService(db: Database, images: WritingImageUrls) {
  /** The caller's document by this id (ids are unique per owner: another's by the same id is not looked at). */
  async function find(caller: Caller, docId: string): Promise<Row | undefined> {
    return (
      await db
        .select()
        .from(writingDocs)
        .where(and(eq(writingDocs.ownerId, caller.userId), eq(writingDocs.id, docId)))
        .limit(1)
    )[0];
  }
  async function owned(caller: Caller, docId: string): Promise<Row> {
    const row = await find(caller, docId);
    if (!row) throw notFound('writing.notFound');
    return row;
  }

  async function update(
    caller: Caller,
    input: { docId: string; docTitle?: string; content?: EditorJson; baseRevision: number },
  ): Promise<WritingDoc> {
    await owned(caller, input.docId);
    // One conditional statement: of two writers based on the same revision exactly one wins.
    const [row] = await db
      .update(writingDocs)
      .set({
        ...(input.docTitle !== undefined ? { title: input.docTitle } : {}),
        ...(input.content !== undefined ? { content: input.content } : {}),
        revision: sql`${writingDocs.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(writingDocs.id, input.docId),
          eq(writingDocs.ownerId, caller.userId),
          eq(writingDocs.revision, input.baseRevision),
        ),
      )
      .returning();
    if (!row) throw conflict();
    return toDoc(row);
  }

  return {
    async get(caller: Caller, docId: string): Promise<WritingDoc> {
      const doc = toDoc(await owned(caller, docId));
      return { ...doc, content: await images.signFor(caller.userId, doc.content) };
    },

    async list(caller: Caller): Promise<WritingDocSummary[]> {
      const rows = await db
        .select()
        .from(writingDocs)
        .where(eq(writingDocs.ownerId, caller.userId))
        .orderBy(desc(writingDocs.updatedAt))
        .limit(5000);
      return rows.map(toSummary);
    },

    /** Creates under the client's id; a repeated create (same text) is answered, not refused. */
    async upsert(
      caller: Caller,
      input: { docId: string; docTitle: string; content: EditorJson; baseRevision?: number },
    ): Promise<WritingDoc> {
      const existing = await find(caller, input.docId);
      if (existing) {
        if (input.baseRevision !== undefined)
          return update(caller, { ...input, baseRevision: input.baseRevision });
        if (existing.title === input.docTitle && sameJson(existing.content, input.content))
          return toDoc(existing);
        throw conflict();
      }
      const [row] = await db
        .insert(writingDocs)
        .values({ id: input.docId, ownerId: caller.userId, title: input.docTitle, content: input.content })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict();
      return toDoc(row);
    },

    update,

    /** Deletes the caller's document; false when the caller has none by that id. */
    async remove(caller: Caller, docId: string): Promise<boolean> {
      const rows = await db
        .delete(writingDocs)
        .where(and(eq(writingDocs.id, docId), eq(writingDocs.ownerId, caller.userId)))
        .returning({ id: writingDocs.id });
      return rows.length > 0;
    },

    async setTipsExistFlag(caller: Caller, docId: string, flag: boolean): Promise<boolean> {
      await owned(caller, docId);
      await db
        .update(writingDocs)
        .set({ tipsExistFlag: flag ? 1 : 0 })
        .where(and(eq(writingDocs.id, docId), eq(writingDocs.ownerId, caller.userId)));
      return flag;
    },
  };
}
export type WritingService = ReturnType<typeof createWritingService>;
