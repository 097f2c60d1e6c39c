import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPaths, type PresignedPost } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { objectKeyForMd5 } from '../../server/providers/storage/object-store';
import { docsClient } from '../helpers/docs';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { md5, postForm } from '../helpers/uploads';

const MAX = 64 * 1024;
describe.each(DATABASES)('presigned POST to the embedded store on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { storage: { ...loadConfig({}).storage, maxUploadBytes: MAX } });
    token = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const presign = (query: string, headers: Record<string, string> = {}) =>
    call<PresignedPost>(server.url, 'GET', `${DocumentPaths.getPresignedPost}${query}`, { token, headers });
  const stored = (hash: string) => server.services.objectStore.exists(objectKeyForMd5(hash));

  it('grants a post for an md5, receives the file without auth, then reports it as already there', async () => {
    const file = crypto.randomBytes(5000);
    const hash = md5(file);
    const grant = await presign(`?md5=${hash.toUpperCase()}`);
    expect(grant.body.code).toBe(200);
    expect(grant.body.data.exists).toBeUndefined();
    expect(grant.body.data.fields.key).toBe(`uploads/${hash}`);
    expect(grant.body.data.url.startsWith(server.url)).toBe(true);

    const sent = await postForm(grant.body.data.url, grant.body.data.fields, file);
    expect(sent.status).toBe(204);
    expect(await server.services.objectStore.getBytes(`uploads/${hash}`)).toEqual(file);
    expect((await presign(`?md5=${hash}`)).body.data.exists).toBe(true);
  });

  it('refuses a missing or malformed md5, an unknown bucket and a caller without a token', async () => {
    const missing = await presign('', { language: 'es' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('La huella del archivo (md5) debe tener 32 caracteres hexadecimales.');
    for (const bad of ['abc', 'z'.repeat(32), `${'a'.repeat(32)}0`]) {
      expect((await presign(`?md5=${bad}`)).body.code).toBe(400);
    }
    const bucket = await presign(`?md5=${'a'.repeat(32)}&bucket=someone-elses`);
    expect(bucket.body.msg).toBe('This storage bucket is not available.');
    const anonymous = await call(
      server.url,
      'GET',
      `${DocumentPaths.getPresignedPost}?md5=${'a'.repeat(32)}`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('refuses bytes whose md5 is not the one the key names, and stores nothing', async () => {
    const promised = crypto.randomBytes(3000);
    const grant = (await presign(`?md5=${md5(promised)}`)).body.data;
    const other = crypto.randomBytes(3000);
    const sent = await postForm(grant.url, grant.fields, other);
    expect([sent.status, sent.code]).toEqual([400, 'BadDigest']);
    expect(await stored(md5(promised))).toBe(false);
  });

  it('refuses a tampered policy, key, signature or an extra field', async () => {
    const file = crypto.randomBytes(2000);
    const grant = (await presign(`?md5=${md5(file)}`)).body.data;
    const policy = JSON.parse(Buffer.from(grant.fields.Policy as string, 'base64').toString());
    policy.conditions = policy.conditions.map((c: unknown) =>
      Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 0, 10 * MAX] : c,
    );
    const widened = { ...grant.fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') };
    const otherFile = crypto.randomBytes(2000);
    const attempts: Record<string, string>[] = [
      widened,
      { ...grant.fields, key: objectKeyForMd5(md5(otherFile)) },
      { ...grant.fields, 'X-Amz-Signature': 'ab'.repeat(32) },
      { ...grant.fields, 'x-amz-meta-owner': 'mallory' },
    ];
    for (const fields of attempts) {
      const body = fields.key === grant.fields.key ? file : otherFile;
      const sent = await postForm(grant.url, fields, body);
      expect([sent.status, sent.code]).toEqual([403, 'AccessDenied']);
    }
    // S3 reads only the fields before the file: a form with the file first has no grant.
    expect((await postForm(grant.url, grant.fields, file, true)).status).toBe(403);
    expect(await stored(md5(file))).toBe(false);
    expect(await stored(md5(otherFile))).toBe(false);
  });

  it('refuses an expired grant', async () => {
    const file = crypto.randomBytes(1000);
    const key = objectKeyForMd5(md5(file));
    const expired = await server.services.objectStore.presignPost({
      key,
      maxBytes: MAX,
      expiresInSeconds: -1,
    });
    const sent = await postForm(new URL(expired.url, server.url).toString(), expired.fields, file);
    expect([sent.status, sent.code]).toEqual([403, 'AccessDenied']);
    expect(sent.text).toContain('Policy expired');
    expect(await stored(md5(file))).toBe(false);
  });

  it('refuses a file over the size limit and one of a content type the grant does not allow', async () => {
    const big = crypto.randomBytes(MAX + 1);
    const grant = (await presign(`?md5=${md5(big)}`)).body.data;
    const sent = await postForm(grant.url, grant.fields, big);
    expect([sent.status, sent.code]).toEqual([400, 'EntityTooLarge']);
    expect(await stored(md5(big))).toBe(false);

    const exact = crypto.randomBytes(MAX);
    const exactGrant = (await presign(`?md5=${md5(exact)}`)).body.data;
    expect((await postForm(exactGrant.url, exactGrant.fields, exact)).status).toBe(204);

    const pdf = crypto.randomBytes(1500);
    const typed = await server.services.objectStore.presignPost({
      key: objectKeyForMd5(md5(pdf)),
      maxBytes: MAX,
      contentTypes: ['application/pdf'],
      expiresInSeconds: 60,
    });
    const url = new URL(typed.url, server.url).toString();
    const wrongType = await postForm(url, { ...typed.fields, 'Content-Type': 'text/html' }, pdf);
    expect([wrongType.status, wrongType.code]).toEqual([403, 'AccessDenied']);
    expect((await postForm(url, typed.fields, pdf)).status).toBe(204);
  });

  it('field names are case-insensitive: a capital-K Key beside the signed key is a duplicate, and refused', async () => {
    const file = crypto.randomBytes(1200);
    const grant = (await presign(`?md5=${md5(file)}`)).body.data;
    const elsewhere = objectKeyForMd5('f'.repeat(32));
    // The unsigned Key first, then the signed fields: the object used to land under the unsigned key.
    const sent = await postForm(grant.url, { Key: elsewhere, ...grant.fields }, file);
    expect([sent.status, sent.code]).toEqual([400, 'InvalidArgument']);
    const { key: signedKey, ...unsigned } = grant.fields;
    const alone = await postForm(grant.url, { ...unsigned, Key: elsewhere }, file);
    expect([alone.status, alone.code]).toEqual([403, 'AccessDenied']);
    expect(await server.services.objectStore.exists(elsewhere)).toBe(false);
    expect(await stored(md5(file))).toBe(false);
    // The signed key in another case is the same field, and fine.
    expect((await postForm(grant.url, { ...unsigned, KEY: signedKey as string }, file)).status).toBe(204);
  });

  it('a key naming a folder neither kills the server nor replaces the folder', async () => {
    const file = crypto.randomBytes(900);
    const grant = (await presign(`?md5=${md5(file)}`)).body.data;
    const first = await postForm(grant.url, { Key: 'uploads', ...grant.fields }, file);
    expect(first.status).toBe(400);
    const signedFolder = await server.services.objectStore.presignPost({
      key: 'uploads',
      maxBytes: MAX,
      expiresInSeconds: 60,
    });
    const url = new URL(signedFolder.url, server.url).toString();
    const folder = await postForm(url, signedFolder.fields, file);
    expect([folder.status, folder.code]).toEqual([400, 'InvalidArgument']);
    // Still up, and earlier objects are still there.
    expect((await presign(`?md5=${md5(file)}`)).body.code).toBe(200);
    expect((await postForm(grant.url, grant.fields, file)).status).toBe(204);
  });

  it('a field given twice is refused, as S3 does', async () => {
    const file = crypto.randomBytes(700);
    const grant = (await presign(`?md5=${md5(file)}`)).body.data;
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('Content-Type', 'text/html');
    form.append('content-type', 'application/pdf');
    form.append('file', new Blob([new Uint8Array(file)]), 'a.pdf');
    const response = await fetch(grant.url, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('InvalidArgument');
    expect(await stored(md5(file))).toBe(false);
  });

  it('an empty file read as a document gets a clear message in the caller language, not a server error', async () => {
    const empty = Buffer.alloc(0);
    const docs = docsClient(server.url, token, 'es');
    const created = await docs.uploadAndCreate(empty, 'vacío.pdf');
    expect(created.body.code).toBe(400);
    expect(created.body.msg).toBe('Este archivo está vacío (0 bytes). Vuelve a elegirlo o elige otro.');
  });
});
