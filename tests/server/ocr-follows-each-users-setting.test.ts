// Each user's own OCR switch and language (Settings > Documents): their scans are read or not, nobody else's
// uploads change, the server refuses values it does not know, and the operator's DOCS_OCR=off still wins.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentSettings, Paths, ResponseCode } from '../../common/contract';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
// Tika's scanned page (a pdf with no text layer) and its one-line screenshot.
const scan = readFileSync(path.join(FIXTURES, 'testOCR.pdf'));
const picture = readFileSync(path.join(FIXTURES, 'testOCR.png'));
/** A scanned page takes tesseract 5 to 35 s on the shared 2-core machine, depending on its other load. */
const OCR_TIMEOUT = 180_000;

const settingsOf = async (url: string, token: string) =>
  (await call<DocumentSettings>(url, 'GET', Paths.documentSettings, { token })).body.data;
const change = (url: string, token: string, body: unknown) =>
  call<DocumentSettings>(url, 'POST', Paths.documentSettings, { token, body });

describe.each(DATABASES)('OCR by each user’s setting on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
    alice = await newGuest(server.url);
    bob = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('starts on, with Auto, on a server that reads scans', async () => {
    expect(await settingsOf(server.url, alice)).toEqual({ ocr: true, ocrLanguage: 'Auto', serverOcr: true });
  });

  it('refuses values it does not know, keeping the settings as they were', async () => {
    for (const body of [{ ocr: 'off' }, { ocrLanguage: 'deu' }, { ocrLanguage: 'auto' }, { theme: 'dark' }]) {
      const refused = await change(server.url, alice, body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(ResponseCode.BadRequest);
    }
    expect(await settingsOf(server.url, alice)).toEqual({ ocr: true, ocrLanguage: 'Auto', serverOcr: true });
  });

  it(
    'off: a scan has no text and a picture is refused, saying Settings; another user still gets the words, and so does the same user once it is on again',
    async () => {
      const off = await change(server.url, alice, { ocr: false });
      expect(off.body.data).toEqual({ ocr: false, ocrLanguage: 'Auto', serverOcr: true });
      // Another user's settings are their own.
      expect((await settingsOf(server.url, bob)).ocr).toBe(true);

      const aliceDocs = docsClient(server.url, alice, 'es');
      const noText = await aliceDocs.uploadAndCreate(scan, 'scan.pdf');
      expect(noText.body.code).toBe(ResponseCode.BadRequest);
      expect(noText.body.msg).toContain('Ajustes > Documentos');
      const refused = await aliceDocs.uploadAndCreate(picture, 'page.png');
      expect(refused.body.code).toBe(ResponseCode.FileTypeUnsupported);
      expect(refused.body.msg).toContain('desactivaste');

      // The same file (the same md5) uploaded by someone whose switch is on is read.
      const bobDocs = docsClient(server.url, bob);
      const read = await bobDocs.uploadAndCreate(scan, 'scan.pdf');
      expect(read.body.code).toBe(200);
      expect((await bobDocs.pages(read.body.data.md5)).body.data.pages[0].text).toContain(
        'Happy New Year 2003',
      );

      // Turned on again with a language of its own: the failed upload left nothing behind that says "no text".
      const on = await change(server.url, alice, { ocr: true, ocrLanguage: 'eng' });
      expect(on.body.data).toEqual({ ocr: true, ocrLanguage: 'eng', serverOcr: true });
      const again = await aliceDocs.uploadAndCreate(scan, 'scan.pdf');
      expect(again.body.code).toBe(200);
      expect((await aliceDocs.pages(again.body.data.md5)).body.data.pages[0].text).toContain(
        'Happy New Year 2003',
      );
      expect((await settingsOf(server.url, bob)).ocrLanguage).toBe('Auto');
    },
    OCR_TIMEOUT,
  );
});

describe('OCR turned off by the operator', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      docs: testDocsConfig({
        ocr: { enabled: false, timeoutMs: 60_000, languages: null, maxPixels: 50_000_000 },
      }),
    });
  });
  afterAll(() => server.close());

  it('tells the client, and a user whose switch is on hears it is this server that does not read scans', async () => {
    const token = await newGuest(server.url);
    expect(await settingsOf(server.url, token)).toEqual({ ocr: true, ocrLanguage: 'Auto', serverOcr: false });
    const docs = docsClient(server.url, token);
    const created = await docs.uploadAndCreate(scan, 'scan.pdf');
    expect(created.body.code).toBe(ResponseCode.BadRequest);
    expect(created.body.msg).toContain('turned off on this server');
  });
});
