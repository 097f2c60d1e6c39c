import { Hono } from 'hono';
import {
  type ExtractTitleResponse,
  type WritingImageUrlResponse,
  WritingPaths,
} from '../../common/contract/index.js';
import {
  DeleteDocRequest,
  ExtractTitleQuery,
  GetDocQuery,
  SetTipsExistFlagRequest,
  UpdateDocRequest,
  UpsertDocRequest,
  WritingImageQuery,
  WritingImageUrlQuery,
} from '../../common/contract/writing.schema.js';
import { badRequest, notFound } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';
import { objectKeyForMd5 } from '../providers/storage/object-store.js';

const IMAGE_MAX_BYTES = 50 * 1024 * 1024;

/** png or jpeg by their first bytes; anything else uploaded under an md5 is not an editor image. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export const writingRoutes = new Hono<AppEnv>()
  .get(WritingPaths.getDoc, async (c) => {
    const caller = requireCaller(c);
    const { docId } = readQuery(c, GetDocQuery);
    return ok(c, await c.get('services').writing.get(caller, docId));
  })
  .get(WritingPaths.myDocList, async (c) => ok(c, await c.get('services').writing.list(requireCaller(c))))
  .post(WritingPaths.upsertDoc, async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.get('services').writing.upsert(caller, await readJson(c, UpsertDocRequest)));
  })
  .post(WritingPaths.updateDoc, async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.get('services').writing.update(caller, await readJson(c, UpdateDocRequest)));
  })
  .post(WritingPaths.deleteDoc, async (c) => {
    const caller = requireCaller(c);
    const { docId } = await readJson(c, DeleteDocRequest);
    if (!(await c.get('services').writing.remove(caller, docId))) throw notFound('writing.notFound');
    return ok(c, true);
  })
  .post(WritingPaths.setTipsExistFlag, async (c) => {
    const caller = requireCaller(c);
    const { docId, tipsExistFlag } = await readJson(c, SetTipsExistFlagRequest);
    return ok(c, await c.get('services').writing.setTipsExistFlag(caller, docId, tipsExistFlag));
  })
  .get(WritingPaths.imageUrl, async (c) => {
    const caller = requireCaller(c);
    const { md5 } = readQuery(c, WritingImageUrlQuery);
    const url = await c.get('services').writingImages.urlFor(caller.userId, md5);
    if (!url) throw notFound('writing.imageNotFound');
    return ok(c, { url } satisfies WritingImageUrlResponse);
  })
  // An <img> cannot send a token: the address's key is the grant, and a wrong or missing one is the same 404 as
  // no such image (so the answer tells nothing of what is stored). Only png/jpeg are served.
  .get(`${WritingPaths.image}/:md5`, async (c) => {
    const md5 = c.req.param('md5').toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(md5)) throw badRequest('upload.md5Invalid');
    const { k } = readQuery(c, WritingImageQuery);
    if (!c.get('services').writingImages.verify(md5, k)) throw notFound('writing.imageNotFound');
    const store = c.get('services').objectStore;
    const key = objectKeyForMd5(md5);
    const size = await store.size(key);
    if (size === null || size > IMAGE_MAX_BYTES) throw notFound('writing.imageNotFound');
    const bytes = await store.getBytes(key);
    const type = imageTypeOf(bytes);
    if (!type) throw notFound('writing.imageNotFound');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .get(WritingPaths.extractTitle, async (c) => {
    requireCaller(c);
    const { url } = readQuery(c, ExtractTitleQuery);
    const title = await c.get('services').linkTitles.extract(url);
    return ok(c, { url, title } satisfies ExtractTitleResponse);
  });
