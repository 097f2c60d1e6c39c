import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { DocumentPaths, UploadPaths } from '../../common/contract/index.js';
import {
  CompleteUploadRequest,
  PartQuery,
  PresignedPostQuery,
  StartUploadRequest,
} from '../../common/contract/uploads.schema.js';
import { badRequest } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';
import { receiveLocalPost, s3ErrorXml } from '../providers/storage/local-post.js';
import { LOCAL_POST_PATH, type LocalObjectStore } from '../providers/storage/local-store.js';

export const uploadRoutes = new Hono<AppEnv>()
  .get(DocumentPaths.getPresignedPost, async (c) => {
    const caller = requireCaller(c);
    const { md5, bucket } = readQuery(c, PresignedPostQuery);
    const post = await c.get('services').uploads.presign(caller, md5, bucket);
    // The embedded store names its endpoint relative to this server: answer it at the caller's address.
    return ok(c, { ...post, url: new URL(post.url, c.req.url).toString() });
  })
  // The embedded store's S3-style POST endpoint: no auth header, the signed policy is the grant.
  .post(`${LOCAL_POST_PATH}/:bucket`, async (c) => {
    const store = c.get('services').objectStore;
    if (store.kind !== 'local') return c.body(s3ErrorXml('NoSuchBucket', 'No embedded store'), 404);
    const body = c.req.raw.body;
    const outcome = await receiveLocalPost(
      store as LocalObjectStore,
      c.req.param('bucket'),
      c.req.header('content-type') ?? '',
      body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([]),
    );
    if (!outcome.ok) {
      c.header('Content-Type', 'application/xml');
      return c.body(s3ErrorXml(outcome.code, outcome.message), outcome.status);
    }
    // The grant's holder now holds these bytes (and may make a document of them).
    const md5 = /^uploads\/([0-9a-f]{32})$/.exec(outcome.key)?.[1];
    if (md5 && outcome.uploader)
      await c
        .get('services')
        .objectUploads.record(outcome.uploader, md5, { sha256: outcome.sha256, size: outcome.size })
        .catch((err) => c.get('services').logger.warn({ err }, 'upload not recorded'));
    c.header('ETag', outcome.etag);
    c.header('Location', new URL(`${LOCAL_POST_PATH}/${store.bucket}/${outcome.key}`, c.req.url).toString());
    return c.body(null, 204);
  })
  .post(UploadPaths.start, async (c) => {
    const caller = requireCaller(c);
    return ok(
      c,
      await c.get('services').resumableUploads.start(caller, await readJson(c, StartUploadRequest)),
    );
  })
  .put(UploadPaths.part, async (c) => {
    const caller = requireCaller(c);
    const { uploadId, partNumber } = readQuery(c, PartQuery);
    const uploads = c.get('services').resumableUploads;
    const expected = await uploads.expectedPartSize(caller, uploadId, partNumber);
    const body = await readCapped(c.req.raw, expected);
    return ok(c, await uploads.putPart(caller, uploadId, partNumber, body));
  })
  .post(UploadPaths.complete, async (c) => {
    const caller = requireCaller(c);
    const { uploadId } = await readJson(c, CompleteUploadRequest);
    return ok(c, await c.get('services').resumableUploads.complete(caller, uploadId));
  });

/** The request body, refused as soon as it runs past `max` bytes (a part is never larger than its size). */
async function readCapped(request: Request, max: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > max) throw badRequest('upload.partInvalid');
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      if (total > max) break;
      chunks.push(chunk);
    }
  } catch {
    // The client went away mid-part: nothing of this part is kept.
    throw badRequest('upload.partInvalid');
  }
  if (total > max) throw badRequest('upload.partInvalid');
  return Buffer.concat(chunks);
}
