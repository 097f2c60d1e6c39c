import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../common/contract';
import { makePdf, makeTruncatedPdf, makeZipBomb } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('documents that cannot be read, on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let honestBomb: Buffer;
  let lyingBomb: Buffer;
  beforeAll(async () => {
    // Built before any connection is open: compressing 300 MB blocks this process for seconds on a busy
    // machine, long enough for the server to close an idle keep-alive socket the next fetch would reuse.
    honestBomb = makeZipBomb(300);
    lyingBomb = makeZipBomb(300, true);
    server = await startTestServer(kind, { docs: testDocsConfig({ freeFilesPerDay: 100 }) });
    token = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const healthy = async () => (await call(server.url, 'GET', '/api/v1/health')).body.code === 200;

  it('refuses a zip bomb, honest or lying about its size, and keeps serving', async () => {
    const docs = docsClient(server.url, token);
    const honest = await docs.uploadAndCreate(honestBomb, 'bomb.docx');
    expect(honest.body.code).toBe(ResponseCode.BadRequest);
    expect(honest.body.msg).toBe('This document is too large or too complex to read.');
    // A time or memory limit may pass on a quieter server: a retry stays offered.
    expect(honest.body.final).toBeUndefined();
    const lying = await docsClient(server.url, token, 'es').uploadAndCreate(lyingBomb, 'lies.docx');
    expect(lying.body.msg).toBe('Este documento es demasiado grande o complejo para leerlo.');
    expect(await healthy()).toBe(true);
  });

  it('refuses a truncated pdf as damaged, in the caller language', async () => {
    const docs = docsClient(server.url, token, 'ar');
    const cut = await docs.uploadAndCreate(await makeTruncatedPdf(), 'cut.pdf');
    expect(cut.body.code).toBe(ResponseCode.BadRequest);
    expect(cut.body.msg).toBe('هذا المستند تالف ولا يمكن قراءته.');
    // The same bytes are damaged the same way next time: marked so the app offers no "Try again".
    expect(cut.body.final).toBe(true);
    expect(await healthy()).toBe(true);
  });

  it('answers 1002 for a file type it does not read, and for bytes that are not what the name says', async () => {
    const docs = docsClient(server.url, token);
    const text = await docs.uploadAndCreate(Buffer.from('just some text'), 'notes.txt', 'text/plain');
    expect(text.body.code).toBe(ResponseCode.FileTypeUnsupported);
    expect(text.body.msg).toContain('This file type is not supported');
    const zh = await docsClient(server.url, token, 'zh').create({ md5: 'a'.repeat(32), fileName: 'x.xlsx' });
    expect(zh.body.code).toBe(1002);
    expect(zh.body.msg).toContain('不支持此文件类型');
    const fake = await docs.uploadAndCreate(Buffer.from('not a pdf at all, only words'), 'fake.pdf');
    expect(fake.body.msg).toBe('This document is damaged and cannot be read.');
  });

  it('answers 20002 for a document over the 100-page limit', async () => {
    const docs = docsClient(server.url, token);
    const pages = Array.from({ length: 101 }, (_v, i) => `Page ${i + 1} text.`);
    const long = await docs.uploadAndCreate(await makePdf(pages), 'long.pdf');
    expect(long.body.code).toBe(ResponseCode.FilePagesExceedLimit);
    expect(long.body.msg).toBe('This document has 101 pages; your plan allows at most 100.');
    expect(long.body.final).toBe(true);
    const exactly = await docs.uploadAndCreate(await makePdf(pages.slice(0, 100)), 'hundred.pdf');
    expect(exactly.body.data.page_count).toBe(100);
  });

  it('answers a clear not-uploaded error for an md5 the store does not hold', async () => {
    const missing = await docsClient(server.url, token).create({ md5: 'b'.repeat(32), fileName: 'x.pdf' });
    expect([missing.status, missing.body.msg]).toEqual([
      404,
      'This file has not been uploaded yet. Please upload it again.',
    ]);
  });
});

describe('the free plan daily allowance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { docs: testDocsConfig({ freeFilesPerDay: 2 }) });
  });
  afterAll(() => server.close());

  it('lets a free user add 2 new documents a day, then answers 20001 with the FREEDAYMAXFILE source', async () => {
    const docs = docsClient(server.url, await newGuest(server.url));
    const one = await makePdf(['One.']);
    const first = await docs.uploadAndCreate(one, 'one.pdf');
    const second = await docs.uploadAndCreate(await makePdf(['Two.']), 'two.pdf');
    expect([first.body.code, second.body.code]).toEqual([200, 200]);
    // The same file again is not a new document.
    expect((await docs.uploadAndCreate(one, 'one.pdf')).body.code).toBe(200);
    const third = await docs.uploadAndCreate(await makePdf(['Three.']), 'three.pdf');
    expect(third.body.code).toBe(ResponseCode.UsageExceedsLimit);
    expect(third.body.source).toBe('FREEDAYMAXFILE');
    expect(third.body.msg).toBe('The free plan includes 2 new documents a day. Upgrade to add more today.');
  });
});
