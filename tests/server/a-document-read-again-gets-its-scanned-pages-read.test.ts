// "Read again": a document added while its owner had OCR off keeps its scanned pages without text, and the same
// file uploaded again is the same document; read again once OCR is on, its scanned page gets its words, the old
// text answering until then, at no new document or page of quota. Only the owner can, a few times an hour, and
// a reading that fails keeps the old text and says why in the caller's language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentPaths,
  type DocumentReadAgain,
  type ParseProgress,
  Paths,
  ResponseCode,
  type Usage,
} from '../../common/contract';
import { documents } from '../../server/db/schema';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
// OCRmyPDF's tagged.pdf page 1 (text) then its linn.pdf (a scanned brochure, no text layer).
const mixed = readFileSync(path.join(FIXTURES, 'text-and-scan.pdf'));
// Tika's one-line screenshot ("This file contains some words.").
const picture = readFileSync(path.join(FIXTURES, 'testOCR.png'));
/** A scanned page takes tesseract 5 to 35 s on the shared 2-core machine, depending on its other load. */
const OCR_TIMEOUT = 240_000;

describe.each(DATABASES)('reading a document again on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      docs: testDocsConfig(),
      rateLimit: {
        visitsPerMinute: 1000,
        codeSendsPerHourPerIp: 1000,
        loginAttemptsPerHourPerIp: 1000,
        sharesPerHourPerUser: 1000,
        readAgainPerHourPerUser: 3,
      },
    });
    alice = await newGuest(server.url);
    bob = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const readAgain = (token: string, md5: string, language = 'en') =>
    call<DocumentReadAgain>(server.url, 'POST', DocumentPaths.readAgain, {
      token,
      body: { md5 },
      headers: { language },
    });
  const usage = async (token: string) =>
    (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token })).body.data;
  const setOcr = (token: string, ocr: boolean) =>
    call(server.url, 'POST', Paths.documentSettings, { token, body: { ocr } });

  it(
    'reads the scanned page once OCR is on, keeping the old text until then; only the owner, a few times an hour',
    async () => {
      const docs = docsClient(server.url, alice);
      await setOcr(alice, false);
      const created = await docs.uploadAndCreate(mixed, 'brochure.pdf');
      expect(created.body.code).toBe(200);
      const md5 = created.body.data.md5;
      const before = (await docs.pages(md5)).body.data.pages;
      expect(before.map((p) => p.page)).toEqual([1, 2]);
      expect(before[0].text).toContain('Table of Contents');
      expect(before[1].text).toBe('');
      // The problem this solves: with OCR on, the same file is the same document, its scan still unread.
      await setOcr(alice, true);
      const again = await docs.uploadAndCreate(mixed, 'brochure.pdf');
      expect(again.body.data.md5).toBe(md5);
      expect((await docs.pages(md5)).body.data.pages[1].text).toBe('');
      const counted = await usage(alice);
      expect(counted.uploads.used).toBe(1);
      expect(counted.pages.used).toBe(2);

      // Another user naming Alice's md5 hears what an unknown one gets, and changes nothing.
      const refused = await readAgain(bob, md5);
      expect(refused.status).toBe(404);
      expect(refused.body.msg).toBe('This document does not exist or is not yours.');

      // Alice reads it again: while the scan is read, the progress shows and the old text still answers.
      const progress: ParseProgress[] = [];
      let oldTextWhileReading = false;
      const reading = readAgain(alice, md5);
      let done = false;
      void reading.finally(() => {
        done = true;
      });
      while (!done) {
        const seen = (
          await call<ParseProgress | null>(server.url, 'GET', `${DocumentPaths.parseProgress}?md5=${md5}`, {
            token: alice,
          })
        ).body.data;
        if (seen && !done) {
          progress.push(seen);
          const pages = (await docs.pages(md5)).body.data.pages;
          if (pages[0].text.includes('Table of Contents') && pages[1].text === '') oldTextWhileReading = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const read = await reading;
      expect(read.body.code).toBe(200);
      expect(read.body.data).toMatchObject({
        pagesWithText: 2,
        pagesWithTextBefore: 1,
        document: { md5, page_count: 2, fileName: 'brochure.pdf' },
      });
      expect(progress).toContainEqual({ page: 1, pages: 1 });
      expect(oldTextWhileReading).toBe(true);
      const after = (await docs.pages(md5)).body.data.pages;
      expect(after[0].text).toContain('Table of Contents');
      expect(after[1].text).toContain('LinnSequencer');
      // The same pages read again cost no new document and no page.
      expect(await usage(alice)).toMatchObject({ uploads: { used: 1 }, pages: { used: 2 } });
      // A chat over it finds the scanned page's words.
      const chat = await docs.chat({ md5 });
      expect(chat.body.data.docs[0].file_page_count).toBe(2);

      // A document once counted with fewer pages (an older reader) counts only the pages it gains.
      await server.services.db.update(documents).set({ pageCount: 1 }).where(eq(documents.md5, md5));
      const gained = await readAgain(alice, md5);
      expect(gained.body.data.document.page_count).toBe(2);
      expect(await usage(alice)).toMatchObject({ uploads: { used: 1 }, pages: { used: 3 } });

      // Reading a picture of a page again with OCR now off fails; the words read before stay, the error is
      // said in the caller's language.
      const photo = await docs.uploadAndCreate(picture, 'page.png');
      expect(photo.body.code).toBe(200);
      await setOcr(alice, false);
      const failed = await readAgain(alice, photo.body.data.md5, 'es');
      expect(failed.body.code).toBe(ResponseCode.FileTypeUnsupported);
      expect(failed.body.msg).toContain('desactivaste');
      expect((await docs.pages(photo.body.data.md5)).body.data.pages[0].text).toContain(
        'This file contains some words',
      );

      // Three an hour in this server’s settings: the fourth is refused before anything is read.
      const limited = await readAgain(alice, md5);
      expect(limited.status).toBe(429);
      expect((await docs.pages(md5)).body.data.pages[1].text).toContain('LinnSequencer');
    },
    OCR_TIMEOUT,
  );
});
