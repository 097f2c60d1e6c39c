// Pictures found in documents: read after the text (the first answer never waits for them), in the parse
// worker with the same limits, kept in the object store under the owner's document and listed only to the
// owner. A document's parseStatus becomes 3 (text and image) once pictures were kept; it stays 1 without any.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import {
  DocImagePaths,
  type DocumentImage,
  type DocumentImagesPage,
  type ImageExtraction,
  ParseStatus,
  ResponseCode,
} from '../../../common/contract/index.js';
import type { DocsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { channelDocuments, channels, documentImageRuns, documentImages, documents } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Logger } from '../../logger.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';
import { createKeyedLock } from '../keyed-lock.js';
import type { DocumentRow } from './documents.js';
import { DocumentParseError, type ExtractedImage, extractImagesInWorker, type ParseKind } from './parse.js';
import type { ParseQueue } from './parse-queue.js';
import { CONTENT_TYPE_OF } from './text.js';

const KIND_OF_CONTENT_TYPE = new Map(
  Object.entries(CONTENT_TYPE_OF).map(([kind, type]) => [type, kind as ParseKind]),
);
const WITH_PICTURES = new Set<ParseKind>(['pdf', 'docx', 'pptx']);
/** Pictures uploaded as documents that a browser draws. */
const SHOWN_PICTURES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

type Outcome = { state: 'done' | 'failed'; imageCount: number };

const toImage = (row: typeof documentImages.$inferSelect): DocumentImage => ({
  imageId: row.id,
  md5: row.md5,
  page: row.page,
  width: row.width,
  height: row.height,
  url: `${DocImagePaths.imageFile}?imageId=${encodeURIComponent(row.id)}`,
});

export function createDocumentImageService(deps: {
  db: Database;
  store: ObjectStore;
  config: DocsConfig;
  logger: Logger;
  parseQueue: ParseQueue;
  /** Other instances may share the database (PostgreSQL): a run holds the document's lock across them. */
  shared?: boolean;
}) {
  const { db, store, config, logger } = deps;
  /** One run per document at a time: a second caller waits for the first. */
  const running = new Map<string, Promise<Outcome>>();
  /**
   * The same across instances: a caller on another instance waits for the run and then finds its outcome
   * instead of reading the pictures again (and replacing the rows a client may have listed). An instance that
   * dies mid-run lets go of the lock with its connection, so the next caller runs it.
   */
  const documentLock = createKeyedLock(deps.shared ? { db, name: 'document-images' } : null);

  /**
   * A picture uploaded as a document (a photo or scan of a page) is its own one picture, on page 1: its Images tab
   * shows the page rather than nothing. TIFF is left out (browsers do not draw it), as are pictures the limits of
   * pictures in documents would skip.
   */
  async function pictureItself(row: DocumentRow): Promise<ExtractedImage[] | null> {
    const key = objectKeyForMd5(row.md5);
    const size = await store.size(key);
    if (size === null) return null;
    if (size > Math.min(config.parseMaxBytes, config.images.maxTotalBytes)) return [];
    const bytes = await store.getBytes(key);
    let found: { width?: number; height?: number; orientation?: number };
    try {
      found = imageSize(bytes);
    } catch {
      return [];
    }
    // A phone's JPEG turned by its EXIF orientation is shown turned: its sides as the viewer sees them.
    const turned = (found.orientation ?? 1) >= 5;
    const width = (turned ? found.height : found.width) ?? 0;
    const height = (turned ? found.width : found.height) ?? 0;
    const { minSide, maxPixels } = config.images;
    if (Math.min(width, height) < minSide || width * height > maxPixels) return [];
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    return [{ page: 1, width, height, contentType: row.contentType, sha256, bytes: new Uint8Array(bytes) }];
  }

  async function read(row: DocumentRow): Promise<ExtractedImage[] | null> {
    if (SHOWN_PICTURES.has(row.contentType)) return pictureItself(row);
    const kind = KIND_OF_CONTENT_TYPE.get(row.contentType);
    if (!kind || !WITH_PICTURES.has(kind)) return [];
    const key = objectKeyForMd5(row.md5);
    const size = await store.size(key);
    if (size === null || size > config.parseMaxBytes) return null;
    try {
      return await extractImagesInWorker(
        async () => ({ kind, bytes: await store.getBytes(key) }),
        { timeoutMs: config.parseTimeoutMs, maxHeapMb: config.parseMaxHeapMb, queue: deps.parseQueue },
        config.images,
      );
    } catch (error) {
      if (!(error instanceof DocumentParseError)) throw error;
      logger.warn(
        { reason: error.reason, detail: error.message, md5: row.md5 },
        'document pictures not read',
      );
      return null;
    }
  }

  async function keep(row: DocumentRow, images: ExtractedImage[] | null): Promise<Outcome> {
    const outcome: Outcome = images
      ? { state: 'done', imageCount: images.length }
      : { state: 'failed', imageCount: 0 };
    const values: (typeof documentImages.$inferInsert)[] = [];
    for (const [seq, image] of (images ?? []).entries()) {
      const storageKey = `document-images/${row.ownerId}/${row.md5}/${image.sha256}.${EXTENSION[image.contentType] ?? 'bin'}`;
      await store.put(storageKey, Buffer.from(image.bytes), image.contentType);
      values.push({
        id: newId(),
        documentId: row.id,
        ownerId: row.ownerId,
        md5: row.md5,
        page: image.page,
        width: image.width,
        height: image.height,
        contentType: image.contentType,
        byteSize: image.bytes.byteLength,
        sha256: image.sha256,
        storageKey,
        seq,
      });
    }
    await db.transaction(async (tx) => {
      // A run cut short by a restart left rows without a run row: this run replaces them.
      await tx.delete(documentImages).where(eq(documentImages.documentId, row.id));
      if (values.length) await tx.insert(documentImages).values(values);
      await tx
        .insert(documentImageRuns)
        .values({ documentId: row.id, ownerId: row.ownerId, ...outcome })
        .onConflictDoNothing();
      // Both ways: a document read again (Read again) whose new reading keeps no picture is text only again.
      await tx
        .update(documents)
        .set({ parseStatus: values.length ? ParseStatus.TextAndImage : ParseStatus.TextFinished })
        .where(eq(documents.id, row.id));
    });
    return outcome;
  }

  function ensure(row: DocumentRow): Promise<Outcome> {
    const current = running.get(row.id);
    if (current) return current;
    const run = documentLock(
      row.id,
      async () => (await finished(row.id)) ?? (await keep(row, await read(row))),
    ).finally(() => running.delete(row.id));
    running.set(row.id, run);
    return run;
  }

  async function finished(documentId: string): Promise<Outcome | null> {
    const [run] = await db
      .select({ state: documentImageRuns.state, imageCount: documentImageRuns.imageCount })
      .from(documentImageRuns)
      .where(eq(documentImageRuns.documentId, documentId))
      .limit(1);
    return run ?? null;
  }

  /** Documents the listing covers, in the chat's order. */
  async function scope(caller: Caller, request: { channelId?: string; md5?: string }) {
    if (request.channelId) {
      const [channel] = await db
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.id, request.channelId), eq(channels.ownerId, caller.userId)))
        .limit(1);
      if (!channel) throw notFound('channel.notFound');
      const rows = await db
        .select({ id: documents.id, md5: documents.md5 })
        .from(channelDocuments)
        .innerJoin(documents, eq(documents.id, channelDocuments.documentId))
        .where(
          and(
            eq(channelDocuments.channelId, channel.id),
            eq(documents.ownerId, caller.userId),
            request.md5 ? eq(documents.md5, request.md5) : undefined,
          ),
        )
        .orderBy(asc(channelDocuments.position));
      if (request.md5 && rows.length === 0) throw notFound('docs.notFound');
      return rows.map((r) => r.id);
    }
    const [doc] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.ownerId, caller.userId), eq(documents.md5, request.md5 ?? '')))
      .limit(1);
    if (!doc) throw notFound('docs.notFound');
    return [doc.id];
  }

  return {
    /** Starts reading a new document's pictures in the background (errors are logged, never thrown). */
    schedule(row: DocumentRow) {
      ensure(row).catch((error) => logger.warn({ err: error, md5: row.md5 }, 'document pictures not kept'));
    },

    /** POST extract_image: runs the extraction once per document and answers how it ended. */
    async extract(caller: Caller, md5: string): Promise<ImageExtraction> {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.ownerId, caller.userId), eq(documents.md5, md5)))
        .limit(1);
      if (!row) throw notFound('docs.notFound');
      const outcome = (await finished(row.id)) ?? (await ensure(row));
      return {
        md5: row.md5,
        ...outcome,
        parseStatus: outcome.imageCount > 0 ? ParseStatus.TextAndImage : ParseStatus.TextFinished,
      };
    },

    /** POST getImages: the owner's pictures in reading order, `limit` after `beforeImageId`. */
    async list(
      caller: Caller,
      request: { channelId?: string; md5?: string; beforeImageId?: string; limit: number },
    ): Promise<DocumentImagesPage> {
      const documentIds = await scope(caller, request);
      if (documentIds.length === 0) return { images: [], hasMore: false };
      // The chat's order of its documents as a number SQL can compare.
      const position: SQL<number> = sql`(case ${sql.join(
        documentIds.map((id, index) => sql`when ${documentImages.documentId} = ${id} then ${index}`),
        sql` `,
      )} end)`;
      let after: SQL | undefined;
      if (request.beforeImageId) {
        const [cursor] = await db
          .select({ documentId: documentImages.documentId, seq: documentImages.seq })
          .from(documentImages)
          .where(
            and(
              eq(documentImages.id, request.beforeImageId),
              eq(documentImages.ownerId, caller.userId),
              inArray(documentImages.documentId, documentIds),
            ),
          )
          .limit(1);
        if (!cursor)
          throw new AppError(ResponseCode.BadRequest, 'docImages.cursorUnknown', { httpStatus: 400 });
        const at = documentIds.indexOf(cursor.documentId);
        after = sql`(${position} > ${at} or (${position} = ${at} and ${documentImages.seq} > ${cursor.seq}))`;
      }
      const rows = await db
        .select()
        .from(documentImages)
        .where(
          and(
            eq(documentImages.ownerId, caller.userId),
            inArray(documentImages.documentId, documentIds),
            after,
          ),
        )
        .orderBy(position, asc(documentImages.seq))
        .limit(request.limit + 1);
      return { images: rows.slice(0, request.limit).map(toImage), hasMore: rows.length > request.limit };
    },

    /** One picture's bytes, for its owner only. */
    async file(caller: Caller, imageId: string) {
      const [row] = await db
        .select()
        .from(documentImages)
        .where(and(eq(documentImages.id, imageId), eq(documentImages.ownerId, caller.userId)))
        .limit(1);
      if (!row) throw notFound('docImages.notFound');
      return { bytes: await store.getBytes(row.storageKey), contentType: row.contentType };
    },
  };
}

export type DocumentImageService = ReturnType<typeof createDocumentImageService>;
