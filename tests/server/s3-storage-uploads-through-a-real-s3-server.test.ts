import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPaths, type PresignedPost } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { objectKeyForMd5 } from '../../server/providers/storage/object-store';
import { type LocalS3, startLocalS3 } from '../helpers/s3-server';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { md5, partOf, postForm, uploadClient } from '../helpers/uploads';

const MiB = 1024 * 1024;

describe.each(DATABASES)('S3-compatible storage on %s', (kind) => {
  let s3: LocalS3;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    server = await startTestServer(kind, {
      storage: { ...loadConfig({}).storage, s3: s3.config, maxUploadBytes: 32 * MiB },
    });
    token = await newGuest(server.url);
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  const presign = (hash: string) =>
    call<PresignedPost>(server.url, 'GET', `${DocumentPaths.getPresignedPost}?md5=${hash}`, { token });

  it('presigned POST goes straight to the bucket with a policy bounding key and size; then the file exists', async () => {
    expect(server.services.objectStore.kind).toBe('s3');
    const file = crypto.randomBytes(20_000);
    const grant = (await presign(md5(file))).body.data;
    expect(grant.url).toBe(`${s3.config.endpoint}/${s3.config.bucket}`);
    expect(grant.fields.key).toBe(`uploads/${md5(file)}`);
    const policy = JSON.parse(Buffer.from(grant.fields.Policy as string, 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: s3.config.bucket },
        { key: `uploads/${md5(file)}` },
        ['content-length-range', 0, 32 * MiB],
      ]),
    );
    expect(grant.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);

    expect((await postForm(grant.url, grant.fields, file)).status).toBe(204);
    expect((await presign(md5(file))).body.data.exists).toBe(true);
    // S3 keeps the grant's holder as metadata: another caller is not told the file is stored.
    const stranger = await newGuest(server.url);
    const theirs = await call<PresignedPost>(
      server.url,
      'GET',
      `${DocumentPaths.getPresignedPost}?md5=${md5(file)}`,
      { token: stranger },
    );
    expect(theirs.body.data.exists).toBeUndefined();
    expect(await server.services.objectStore.getBytes(objectKeyForMd5(md5(file)))).toEqual(file);
    expect(await server.services.objectStore.size(objectKeyForMd5(md5(file)))).toBe(file.length);
    // A deleted account's file goes from the bucket; removing it again is not an error.
    await server.services.objectStore.remove(objectKeyForMd5(md5(file)));
    expect(await server.services.objectStore.exists(objectKeyForMd5(md5(file)))).toBe(false);
    await server.services.objectStore.remove(objectKeyForMd5(md5(file)));
  });

  it('resumable upload becomes S3 multipart in 5 MiB parts; a resend of a part is harmless; md5 checked', async () => {
    const file = crypto.randomBytes(11 * MiB + 7);
    const uploads = uploadClient(server.url, token);
    const session = (await uploads.start(file)).body.data;
    if (session.exists) throw new Error('unexpected');
    expect([session.partSize, session.partCount]).toEqual([5 * MiB, 3]);
    await uploads.putPart(session.uploadId, 2, partOf(file, 5 * MiB, 2));
    const resumed = (await uploads.start(file)).body.data;
    expect(resumed.exists === false && resumed.received).toEqual([2]);
    for (const n of [1, 2, 3]) {
      expect((await uploads.putPart(session.uploadId, n, partOf(file, 5 * MiB, n))).status).toBe(200);
    }
    expect((await uploads.complete(session.uploadId)).body.data).toEqual({
      md5: md5(file),
      size: file.length,
    });
    expect(md5(await server.services.objectStore.getBytes(objectKeyForMd5(md5(file))))).toBe(md5(file));
    expect((await presign(md5(file))).body.data.exists).toBe(true);
  });

  it('multipart bytes that do not hash to the md5 never become the object', async () => {
    const file = crypto.randomBytes(6 * MiB);
    const uploads = uploadClient(server.url, token);
    const session = (await uploads.start(file)).body.data;
    if (session.exists) throw new Error('unexpected');
    await uploads.putPart(session.uploadId, 1, crypto.randomBytes(5 * MiB));
    await uploads.putPart(session.uploadId, 2, partOf(file, 5 * MiB, 2));
    expect((await uploads.complete(session.uploadId)).status).toBe(400);
    expect(await server.services.objectStore.exists(objectKeyForMd5(md5(file)))).toBe(false);
  });
});
