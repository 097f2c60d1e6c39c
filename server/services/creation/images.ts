// Generated images: a prompt goes to the image provider, the picture is kept in the object store under its
// md5 and recorded for its owner; only the owner lists, reads or deletes it.
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { type GeneratedImageItem, MODEL_STANDARD, ResponseCode } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { images } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { type ImageProvider, ImageProviderError } from '../../providers/images/index.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';
import type { Meter } from '../billing/quotas.js';

type Row = typeof images.$inferSelect;

const toItem = (row: Row): GeneratedImageItem => ({
  imageId: row.id,
  prompt: row.prompt,
  revisedPrompt: row.revisedPrompt,
  contentType: row.contentType,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

export function createImageService(deps: {
  db: Database;
  store: ObjectStore;
  provider: ImageProvider;
  logger: Logger;
  /** A picture is a model call against the plan's Standard quota. */
  meter: Pick<Meter, 'charge'>;
}) {
  const { db } = deps;
  async function owned(caller: Caller, imageId: string): Promise<Row> {
    const row = (await db.select().from(images).where(eq(images.id, imageId)).limit(1))[0];
    if (!row || row.ownerId !== caller.userId) throw notFound('image.notFound');
    return row;
  }

  return {
    status: () => ({ configured: deps.provider.configured }),

    /** `metered: false` only for GPT-4o's image tool in chat, whose message was already counted. */
    async generate(
      caller: Caller,
      prompt: string,
      options: { metered: boolean } = { metered: true },
    ): Promise<GeneratedImageItem> {
      if (!deps.provider.configured)
        throw new AppError(ResponseCode.BadRequest, 'image.notConfigured', { httpStatus: 400 });
      if (options.metered) await deps.meter.charge(caller, MODEL_STANDARD, 'image');
      let picture: Awaited<ReturnType<ImageProvider['generate']>>;
      try {
        picture = await deps.provider.generate(prompt);
      } catch (error) {
        if (!(error instanceof ImageProviderError)) throw error;
        deps.logger.warn({ err: error }, 'image generation failed');
        throw new AppError(ResponseCode.ServerError, 'image.providerFailed', {
          httpStatus: 502,
          params: { detail: error.message },
        });
      }
      const md5 = crypto.createHash('md5').update(picture.bytes).digest('hex');
      const key = objectKeyForMd5(md5);
      if (!(await deps.store.exists(key))) await deps.store.put(key, picture.bytes, picture.contentType);
      const [row] = await db
        .insert(images)
        .values({
          id: crypto.randomUUID(),
          ownerId: caller.userId,
          prompt,
          revisedPrompt: picture.revisedPrompt,
          md5,
          contentType: picture.contentType,
          size: picture.bytes.length,
        })
        .returning();
      return toItem(row);
    },

    async list(caller: Caller): Promise<GeneratedImageItem[]> {
      const rows = await db
        .select()
        .from(images)
        .where(eq(images.ownerId, caller.userId))
        .orderBy(desc(images.createdAt))
        .limit(500);
      return rows.map(toItem);
    },

    async file(caller: Caller, imageId: string): Promise<{ bytes: Buffer; contentType: string }> {
      const row = await owned(caller, imageId);
      return { bytes: await deps.store.getBytes(objectKeyForMd5(row.md5)), contentType: row.contentType };
    },

    async remove(caller: Caller, imageId: string): Promise<boolean> {
      await owned(caller, imageId);
      // The object stays: the same bytes may belong to another row (objects are shared by md5).
      await db.delete(images).where(and(eq(images.id, imageId), eq(images.ownerId, caller.userId)));
      return true;
    },
  };
}
export type ImageService = ReturnType<typeof createImageService>;
