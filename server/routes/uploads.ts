import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { DocumentPaths } from '../../src/api/contract.js';
import { PresignedPostQuery } from '../../src/api/schemas-upload.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readQuery } from '../http/validate.js';
import { receiveLocalPost, s3ErrorXml } from '../providers/storage/local-post.js';
import { LOCAL_POST_PATH, type LocalObjectStore } from '../providers/storage/local-store.js';

export const uploadRoutes = new Hono<AppEnv>()
  .get(DocumentPaths.getPresignedPost, async (c) => {
    requireCaller(c);
    const { md5, bucket } = readQuery(c, PresignedPostQuery);
    const post = await c.get('services').uploads.presign(md5, bucket);
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
    c.header('ETag', outcome.etag);
    c.header('Location', new URL(`${LOCAL_POST_PATH}/${store.bucket}/${outcome.key}`, c.req.url).toString());
    return c.body(null, 204);
  });
