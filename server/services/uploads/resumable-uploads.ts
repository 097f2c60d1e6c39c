// Resumable uploads: one session per user and md5, so a reload (or another tab) picks up the same parts.
// A part counts as received only once the store has it whole; the md5 of the joined file is checked
// before the object appears.
import { and, asc, eq } from 'drizzle-orm';
import { HASH_CHUNK_BYTES } from '../../../common/contract/documents.js';
import { ResponseCode } from '../../../common/contract/index.js';
import type {
  CompletedUpload,
  StartUploadRequest,
  StartUploadResponse,
  UploadedPart,
} from '../../../common/contract/uploads.js';
import type { StorageConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { uploadParts, uploadSessions } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';
import type { ObjectUploads } from './object-uploads.js';

/** S3 refuses parts under 5 MiB (except the last); the embedded store resumes at 1 MiB grain. */
export const partSizeFor = (store: ObjectStore) => (store.kind === 's3' ? 5 : 1) * HASH_CHUNK_BYTES;

export function createResumableUploadService(deps: {
  db: Database;
  store: ObjectStore;
  objectUploads: ObjectUploads;
  config: StorageConfig;
}) {
  const { db, store, config } = deps;

  const partCountOf = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

  async function sessionOf(caller: Caller, uploadId: string) {
    const [session] = await db
      .select()
      .from(uploadSessions)
      .where(and(eq(uploadSessions.id, uploadId), eq(uploadSessions.userId, caller.userId)));
    if (!session) throw notFound('upload.notFound');
    return session;
  }

  async function receivedOf(sessionId: string) {
    return db
      .select({ partNumber: uploadParts.partNumber, etag: uploadParts.etag })
      .from(uploadParts)
      .where(eq(uploadParts.sessionId, sessionId))
      .orderBy(asc(uploadParts.partNumber));
  }

  async function drop(session: { id: string; md5: string; storeUploadId: string }) {
    await db.delete(uploadSessions).where(eq(uploadSessions.id, session.id));
    await store.multipart.abort(objectKeyForMd5(session.md5), session.storeUploadId).catch(() => {});
  }

  return {
    async start(caller: Caller, request: StartUploadRequest): Promise<StartUploadResponse> {
      if (request.size > config.maxUploadBytes)
        throw badRequest('upload.tooLarge', {
          limit: `${Math.floor(config.maxUploadBytes / HASH_CHUNK_BYTES)} MiB`,
        });
      const key = objectKeyForMd5(request.md5);
      // Only a caller who already holds the file skips sending it; anyone else proves it by sending it.
      if ((await deps.objectUploads.holds(caller.userId, request.md5)) && (await store.exists(key)))
        return { exists: true };
      const partSize = partSizeFor(store);
      const [existing] = await db
        .select()
        .from(uploadSessions)
        .where(and(eq(uploadSessions.userId, caller.userId), eq(uploadSessions.md5, request.md5)));
      if (existing && existing.size === request.size && existing.partSize === partSize) {
        const received = await receivedOf(existing.id);
        return {
          exists: false,
          uploadId: existing.id,
          partSize,
          partCount: partCountOf(existing.size, partSize),
          received: received.map((part) => part.partNumber),
        };
      }
      if (existing) await drop(existing);
      const id = newId();
      const storeUploadId = await store.multipart.create(key, request.contentType);
      const inserted = await db
        .insert(uploadSessions)
        .values({
          id,
          userId: caller.userId,
          md5: request.md5,
          size: request.size,
          partSize,
          contentType: request.contentType,
          fileName: request.fileName,
          storeUploadId,
        })
        .onConflictDoNothing()
        .returning({ id: uploadSessions.id });
      if (inserted.length === 0) {
        // Another tab started the same file a moment ago: join it.
        await store.multipart.abort(key, storeUploadId).catch(() => {});
        return this.start(caller, request);
      }
      return {
        exists: false,
        uploadId: id,
        partSize,
        partCount: partCountOf(request.size, partSize),
        received: [],
      };
    },

    /** The byte count a part must have, for reading the body with a cap before it is stored. */
    async expectedPartSize(caller: Caller, uploadId: string, partNumber: number): Promise<number> {
      const session = await sessionOf(caller, uploadId);
      const count = partCountOf(session.size, session.partSize);
      if (partNumber > count) throw badRequest('upload.partInvalid');
      return partNumber < count ? session.partSize : session.size - (count - 1) * session.partSize;
    },

    async putPart(caller: Caller, uploadId: string, partNumber: number, body: Buffer): Promise<UploadedPart> {
      const expected = await this.expectedPartSize(caller, uploadId, partNumber);
      if (body.length !== expected) throw badRequest('upload.partInvalid');
      const session = await sessionOf(caller, uploadId);
      const etag = await store.multipart.putPart(
        objectKeyForMd5(session.md5),
        session.storeUploadId,
        partNumber,
        body,
      );
      await db
        .insert(uploadParts)
        .values({ sessionId: session.id, partNumber, size: body.length, etag })
        .onConflictDoUpdate({
          target: [uploadParts.sessionId, uploadParts.partNumber],
          set: { etag, size: body.length },
        });
      return { partNumber, receivedCount: (await receivedOf(session.id)).length };
    },

    async complete(caller: Caller, uploadId: string): Promise<CompletedUpload> {
      const session = await sessionOf(caller, uploadId);
      const key = objectKeyForMd5(session.md5);
      const parts = await receivedOf(session.id);
      if ((await deps.objectUploads.holds(caller.userId, session.md5)) && (await store.exists(key))) {
        await drop(session);
        return { md5: session.md5, size: session.size };
      }
      if (parts.length < partCountOf(session.size, session.partSize))
        throw new AppError(ResponseCode.BadRequest, 'upload.incomplete', { httpStatus: 409 });
      const matches = await store.multipart.complete(key, session.storeUploadId, parts, session.md5);
      await db.delete(uploadSessions).where(eq(uploadSessions.id, session.id));
      if (!matches) throw badRequest('upload.md5Mismatch');
      await deps.objectUploads.record(caller.userId, session.md5, { size: session.size });
      return { md5: session.md5, size: session.size };
    },
  };
}
export type ResumableUploadService = ReturnType<typeof createResumableUploadService>;
