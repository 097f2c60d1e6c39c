import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocImagePaths,
  type DocumentImagesPage,
  type ImageExtraction,
  ParseStatus,
} from '../../common/contract';
import {
  makeDocx,
  makeDocxWithImages,
  makePdfWithImages,
  makePng,
  makePptxWithImages,
} from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

const LOGO = makePng(120, 80, 7);
const CHART = makePng(200, 100, 3);
const PHOTO = makePng(90, 70, 11);
const BULLET = makePng(16, 16, 5);

/** Page 1: logo and a bullet; page 2: a chart and the logo again; page 3: text only; page 4: a photo. */
const PAGES = [
  { text: 'Greenhouse report, first page.', images: [LOGO, BULLET] },
  { text: 'Harvest chart by month.', images: [CHART, LOGO] },
  { text: 'Notes without pictures.', images: [] },
  { text: 'A photo of the tomato beds.', images: [PHOTO] },
];

function imagesClient(baseUrl: string, token: string, language = 'en') {
  const headers = { language };
  return {
    extract: (md5: string) =>
      call<ImageExtraction>(baseUrl, 'POST', DocImagePaths.extractImage, { token, headers, body: { md5 } }),
    list: (body: Record<string, unknown>) =>
      call<DocumentImagesPage>(baseUrl, 'POST', DocImagePaths.getImages, { token, headers, body }),
    async bytes(url: string) {
      const response = await fetch(`${baseUrl}${url}`, { headers: { Authorization: token } });
      return {
        status: response.status,
        type: response.headers.get('content-type') ?? '',
        body: Buffer.from(await response.arrayBuffer()),
      };
    },
  };
}

const shape = (page: DocumentImagesPage) => page.images.map((i) => [i.page, i.width, i.height]);

describe.each(DATABASES)('document images on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  it('document images are extracted and listed only to their owner', async () => {
    const aliceToken = await newGuest(server.url);
    const alice = docsClient(server.url, aliceToken);
    const aliceImages = imagesClient(server.url, aliceToken);

    const pdf = await alice.uploadAndCreate(await makePdfWithImages(PAGES), 'greenhouse.pdf');
    expect(pdf.body.code).toBe(200);
    const pdfMd5 = pdf.body.data.md5;
    const extraction = await aliceImages.extract(pdfMd5);
    expect(extraction.body.data).toEqual({
      md5: pdfMd5,
      state: 'done',
      imageCount: 3,
      parseStatus: ParseStatus.TextAndImage,
    });
    // Creating the same document again answers its new status.
    expect((await alice.create({ md5: pdfMd5, fileName: 'greenhouse.pdf' })).body.data.parseStatus).toBe(
      ParseStatus.TextAndImage,
    );

    // The bullet is skipped, the logo kept once (on page 1), in page order; two at a time.
    const first = await aliceImages.list({ md5: pdfMd5, limit: 2 });
    expect(shape(first.body.data)).toEqual([
      [1, 120, 80],
      [2, 200, 100],
    ]);
    expect(first.body.data.hasMore).toBe(true);
    const rest = await aliceImages.list({
      md5: pdfMd5,
      limit: 2,
      beforeImageId: first.body.data.images[1].imageId,
    });
    expect(shape(rest.body.data)).toEqual([[4, 90, 70]]);
    expect(rest.body.data.hasMore).toBe(false);
    expect(shape((await aliceImages.list({ md5: pdfMd5 })).body.data)).toEqual([
      [1, 120, 80],
      [2, 200, 100],
      [4, 90, 70],
    ]);

    const picture = await aliceImages.bytes(first.body.data.images[1].url);
    expect([picture.status, picture.type]).toEqual([200, 'image/png']);
    const decoded = PNG.sync.read(picture.body);
    expect([decoded.width, decoded.height]).toEqual([200, 100]);
    // Pixels survive the trip through pdf.js: the chart's top-left pixel is the fixture's.
    expect([...decoded.data.subarray(0, 4)]).toEqual([...PNG.sync.read(CHART).data.subarray(0, 4)]);

    // Word and PowerPoint: the page or slide each picture sits on, the file's own bytes.
    const docx = await alice.uploadAndCreate(await makeDocxWithImages(PAGES), 'greenhouse.docx');
    expect((await aliceImages.extract(docx.body.data.md5)).body.data.imageCount).toBe(3);
    const docxImages = (await aliceImages.list({ md5: docx.body.data.md5 })).body.data;
    expect(shape(docxImages)).toEqual([
      [1, 120, 80],
      [2, 200, 100],
      [4, 90, 70],
    ]);
    expect((await aliceImages.bytes(docxImages.images[0].url)).body.equals(LOGO)).toBe(true);
    // The master's logo shows on every slide but belongs to none: it comes last, without a page.
    const pptx = await alice.uploadAndCreate(
      await makePptxWithImages(PAGES, makePng(100, 100, 42)),
      'greenhouse.pptx',
    );
    await aliceImages.extract(pptx.body.data.md5);
    expect(shape((await aliceImages.list({ md5: pptx.body.data.md5 })).body.data)).toEqual([
      [1, 120, 80],
      [2, 200, 100],
      [4, 90, 70],
      [null, 100, 100],
    ]);

    // A chat over two documents lists the first document's pictures, then the second's.
    const chat = await alice.chat({ md5s: [docx.body.data.md5, pdfMd5] });
    const channelId = chat.body.data.channel_id;
    const inChat = (await aliceImages.list({ channelId, limit: 4 })).body.data;
    expect(inChat.images.map((i) => [i.md5, i.page])).toEqual([
      [docx.body.data.md5, 1],
      [docx.body.data.md5, 2],
      [docx.body.data.md5, 4],
      [pdfMd5, 1],
    ]);
    const inChatRest = (
      await aliceImages.list({ channelId, limit: 4, beforeImageId: inChat.images[3].imageId })
    ).body.data;
    expect(inChatRest.images.map((i) => [i.md5, i.page])).toEqual([
      [pdfMd5, 2],
      [pdfMd5, 4],
    ]);

    // Without pictures the status stays 1.
    const plain = await alice.uploadAndCreate(await makeDocx(['Only words here.']), 'plain.docx');
    expect((await aliceImages.extract(plain.body.data.md5)).body.data).toMatchObject({
      state: 'done',
      imageCount: 0,
      parseStatus: ParseStatus.TextFinished,
    });
    expect((await aliceImages.list({ md5: plain.body.data.md5 })).body.data).toEqual({
      images: [],
      hasMore: false,
    });

    // Another user gets nothing: not the list, the chat's list, the extraction or a picture's bytes.
    const bobToken = await newGuest(server.url);
    const bob = imagesClient(server.url, bobToken);
    const byMd5 = await bob.list({ md5: pdfMd5 });
    expect([byMd5.status, byMd5.body.msg]).toEqual([404, 'This document does not exist or is not yours.']);
    const byChannel = await bob.list({ channelId });
    expect([byChannel.status, byChannel.body.msg]).toEqual([
      404,
      'This chat does not exist or is not yours.',
    ]);
    expect((await bob.extract(pdfMd5)).status).toBe(404);
    const stolen = await bob.bytes(first.body.data.images[0].url);
    expect([stolen.status, stolen.type]).toEqual([404, expect.stringContaining('json')]);
    // Alice's picture is no cursor into Bob's own document.
    const own = await docsClient(server.url, bobToken).uploadAndCreate(
      await makePdfWithImages([{ text: 'Bob has one picture.', images: [PHOTO] }]),
      'bob.pdf',
    );
    await bob.extract(own.body.data.md5);
    const crossCursor = await bob.list({
      md5: own.body.data.md5,
      beforeImageId: first.body.data.images[0].imageId,
    });
    expect([crossCursor.status, crossCursor.body.msg]).toEqual([
      400,
      'The picture to continue after is not one of these pictures.',
    ]);
    expect(shape((await bob.list({ md5: own.body.data.md5 })).body.data)).toEqual([[1, 90, 70]]);
  });

  it('a picture uploaded as a document is its own one picture, on page 1', async () => {
    const token = await newGuest(server.url);
    const screenshot = fs.readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/documents/testOCR.png'),
    );
    const created = await docsClient(server.url, token).uploadAndCreate(screenshot, 'page.png', 'image/png');
    expect(created.body.code).toBe(200);
    const images = imagesClient(server.url, token);
    expect((await images.extract(created.body.data.md5)).body.data).toMatchObject({
      state: 'done',
      imageCount: 1,
      parseStatus: ParseStatus.TextAndImage,
    });
    const listed = (await images.list({ md5: created.body.data.md5 })).body.data;
    const { width, height } = PNG.sync.read(screenshot);
    expect(shape(listed)).toEqual([[1, width, height]]);
    const shown = await images.bytes(listed.images[0].url);
    expect([shown.status, shown.type, shown.body.equals(screenshot)]).toEqual([200, 'image/png', true]);
  });

  it('refuses bad listings with translated messages', async () => {
    const token = await newGuest(server.url);
    const en = imagesClient(server.url, token);
    const missing = await en.list({});
    expect([missing.status, missing.body.msg]).toEqual([
      400,
      'Choose a document or a chat to list its pictures.',
    ]);
    const tooMany = await en.list({ md5: 'a'.repeat(32), limit: 101 });
    expect([tooMany.status, tooMany.body.msg]).toEqual([
      400,
      'Ask for between 1 and 100 pictures at a time.',
    ]);
    expect((await en.list({ md5: 'a'.repeat(32), limit: 0 })).status).toBe(400);
    expect((await en.list({ md5: 'not-an-md5' })).status).toBe(400);
    const ar = await imagesClient(server.url, token, 'ar').list({ md5: 'a'.repeat(32), limit: 1.5 });
    expect([ar.status, ar.body.msg]).toEqual([400, 'اطلب من 1 إلى 100 صورة في المرة الواحدة.']);
    const zh = await imagesClient(server.url, token, 'zh').list({ md5: 'a'.repeat(32) });
    expect([zh.status, zh.body.msg]).toEqual([404, '此文档不存在或不属于你。']);
  });
});
