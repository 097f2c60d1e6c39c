import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPaths, type PresignedPost, UploadPaths } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { objectKeyForMd5 } from '../../server/providers/storage/object-store';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { md5, partOf, uploadClient } from '../helpers/uploads';

const MiB = 1024 * 1024;

describe.each(DATABASES)('resumable uploads to the embedded store on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      storage: { ...loadConfig({}).storage, maxUploadBytes: 16 * MiB },
    });
    alice = await newGuest(server.url);
    bob = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('after an interruption, start again lists what arrived; only the rest is sent; the file appears whole', async () => {
    const file = crypto.randomBytes(5 * MiB + 123);
    const uploads = uploadClient(server.url, alice);
    const first = (await uploads.start(file)).body.data;
    if (first.exists) throw new Error('unexpected');
    expect([first.partSize, first.partCount, first.received]).toEqual([MiB, 6, []]);
    for (const n of [1, 2, 4])
      expect((await uploads.putPart(first.uploadId, n, partOf(file, MiB, n))).status).toBe(200);

    // A "reload": the client knows only the file, hashes it and asks again.
    const again = (await uploads.start(file)).body.data;
    if (again.exists) throw new Error('unexpected');
    expect(again.uploadId).toBe(first.uploadId);
    expect(again.received).toEqual([1, 2, 4]);
    expect((await uploads.complete(first.uploadId)).status).toBe(409);

    for (const n of [3, 5, 6]) await uploads.putPart(again.uploadId, n, partOf(file, MiB, n));
    const done = await uploads.complete(again.uploadId);
    expect(done.body.data).toEqual({ md5: md5(file), size: file.length });
    expect(md5(await server.services.objectStore.getBytes(objectKeyForMd5(md5(file))))).toBe(md5(file));

    // The same file again is instant for whoever sent it, by either path; anyone else must send the bytes.
    expect((await uploads.start(file)).body.data).toEqual({ exists: true });
    const grant = (who: string) =>
      call<PresignedPost>(server.url, 'GET', `${DocumentPaths.getPresignedPost}?md5=${md5(file)}`, {
        token: who,
      });
    expect((await grant(alice)).body.data.exists).toBe(true);
    expect((await uploadClient(server.url, bob).start(file)).body.data.exists).toBe(false);
    expect((await grant(bob)).body.data.exists).toBeUndefined();
  });

  it("another user cannot add to or finish someone's upload", async () => {
    const file = crypto.randomBytes(2 * MiB);
    const own = (await uploadClient(server.url, alice).start(file)).body.data;
    if (own.exists) throw new Error('unexpected');
    const mallory = uploadClient(server.url, bob);
    const put = await mallory.putPart(own.uploadId, 1, partOf(file, MiB, 1));
    expect([put.status, put.body.msg]).toEqual([
      404,
      'This upload does not exist any more. Please upload the file again.',
    ]);
    expect((await mallory.complete(own.uploadId)).status).toBe(404);
    const mine = (await uploadClient(server.url, alice).start(file)).body.data;
    expect(mine.exists === false && mine.received).toEqual([]);
  });

  it('refuses parts of the wrong size or number, files over the limit, and bytes that do not match the md5', async () => {
    const file = crypto.randomBytes(2 * MiB + 10);
    const uploads = uploadClient(server.url, alice);
    const session = (await uploads.start(file)).body.data;
    if (session.exists) throw new Error('unexpected');
    expect((await uploads.putPart(session.uploadId, 1, partOf(file, MiB, 1).subarray(1))).status).toBe(400);
    expect((await uploads.putPart(session.uploadId, 3, Buffer.alloc(11))).status).toBe(400);
    expect((await uploads.putPart(session.uploadId, 4, Buffer.alloc(10))).status).toBe(400);

    const tooBig = await call(server.url, 'POST', UploadPaths.start, {
      token: alice,
      body: { md5: md5(file), size: 16 * MiB + 1, fileName: 'x.pdf', contentType: 'application/pdf' },
      headers: { language: 'zh' },
    });
    expect(tooBig.body.msg).toBe('文件太大，上限为 16 MiB。');

    // Right sizes, wrong bytes: refused at the end and nothing stored.
    await uploads.putPart(session.uploadId, 1, partOf(file, MiB, 1));
    await uploads.putPart(session.uploadId, 2, crypto.randomBytes(MiB));
    await uploads.putPart(session.uploadId, 3, partOf(file, MiB, 3));
    const done = await uploads.complete(session.uploadId);
    expect(done.status).toBe(400);
    expect(done.body.msg).toBe('The received file does not match the one you chose. Please upload it again.');
    expect(await server.services.objectStore.exists(objectKeyForMd5(md5(file)))).toBe(false);
    const fresh = (await uploads.start(file)).body.data;
    expect(fresh.exists === false && fresh.received).toEqual([]);
  });
});
