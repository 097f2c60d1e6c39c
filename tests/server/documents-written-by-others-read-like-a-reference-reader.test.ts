// Real files written by other projects (tests/fixtures/documents/README.md), each read through the upload
// API and compared with what a reference reader (poppler's pdftotext) gets from it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPaths, type ParseProgress, ResponseCode, type WorkspaceFile } from '../../common/contract';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { wordRecall } from '../helpers/word-recall';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const reference = (name: string) => fixture(name.replace(/\.[a-z]+$/, '.txt')).toString('utf8');
/** A scanned page takes tesseract 5 to 35 s on the shared 2-core machine, depending on its other load. */
const OCR_TIMEOUT = 120_000;

describe('documents written by others', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', { docs: testDocsConfig({ freeFilesPerDay: 100 }) });
    token = await newGuest(server.url);
  });
  afterAll(() => server.close());

  /** A server of its own with other OCR settings (the shared one reads with the defaults). */
  const startWithOcr = (ocr: { enabled: boolean; maxPixels: number }) =>
    startTestServer('pglite', {
      docs: testDocsConfig({ ocr: { ...ocr, timeoutMs: 60_000, languages: null } }),
    });

  /** `as`: another guest's token, for a test whose pages would count against the shared guest's day. */
  const read = async (name: string, language = 'en', as = token) => {
    const docs = docsClient(server.url, as, language);
    const created = await docs.uploadAndCreate(fixture(name), name);
    if (created.body.code !== 200) return { created, text: '', pages: [] as string[] };
    const pages = (await docs.pages(created.body.data.md5)).body.data.pages.map((page) => page.text);
    return { created, text: pages.join('\n'), pages };
  };

  it.each(['noembed-sjis.pdf', 'vertical.pdf'])(
    'reads the Japanese text of %s, whose fonts use the standard character maps',
    async (name) => {
      const { created, text } = await read(name);
      expect(created.body.code).toBe(200);
      expect(text).toContain('あいうえお');
      expect(wordRecall(reference(name), text)).toBe(1);
    },
  );

  it('reads the 18 good pages of a pdf with one broken page, keeping each page in its place', async () => {
    const name = 'testPDF_bad_page_303226.pdf';
    const { created, text, pages } = await read(name);
    expect(created.body.code).toBe(200);
    expect(created.body.data.page_count).toBe(19);
    expect(pages[0]).toContain('Drug Enforcement Administration');
    expect(wordRecall(reference(name), text)).toBeGreaterThan(0.95);
  });

  it('reads the filled-in form fields and the typed comments that a pdf page shows, as pdftotext does', async () => {
    // A comment typed on the page (a free-text annotation) and a form's values (a text field, a combo box
    // and a list box) are drawn from appearance streams of their own, outside the page's text layer.
    const comment = await read('testAnnotations.pdf');
    expect(comment.pages[0]).toContain('Here is some text.');
    expect(comment.pages[0]).toContain('comment');
    expect(wordRecall(reference('testAnnotations.pdf'), comment.text)).toBe(1);
    const form = await read('testPDF_acroform3.pdf');
    // The combo box shows the label of the option chosen ("comboItemB"), not its export value.
    for (const value of ['TIKA-1226', 'comboItemB', 'listItemC']) expect(form.pages[0]).toContain(value);
    expect(form.pages[0]).not.toContain('comboExportB');
    expect(wordRecall(reference('testPDF_acroform3.pdf'), form.text)).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    ['pr6531_1.pdf', 'en', 'This document is protected with a password.'],
    ['testWORD_protected_passtika.docx', 'es', 'Este documento está protegido con contraseña.'],
    ['testWORD_protected_passtika.doc', 'zh', '此文档受密码保护。'],
    ['testPPT_protected_passtika.pptx', 'ar', 'هذا المستند محمي بكلمة مرور.'],
  ])(
    'tells that %s is protected with a password, in the caller language, never that it is damaged',
    async (name, language, message) => {
      const { created } = await read(name, language);
      expect(created.body.code).toBe(ResponseCode.BadRequest);
      expect(created.body.msg.startsWith(message)).toBe(true);
      // Sending the same file again cannot help: the app offers no "Try again".
      expect(created.body.final).toBe(true);
    },
  );

  it('tells that a Word file without text has none, not that its pages were read as pictures (they never are)', async () => {
    const { created } = await read('mammoth-empty.docx', 'es');
    expect(created.body.code).toBe(ResponseCode.BadRequest);
    expect(created.body.msg).toBe(
      'No se encontró texto en este archivo. Las imágenes dentro de archivos Word y PowerPoint no se leen: guárdalo como PDF para que sus páginas se lean como imágenes.',
    );
    expect(created.body.final).toBe(true);
  });

  it.each([
    // Confluence-style "Export to Word": a web page saved as MHT under a .doc name.
    ['testMHTMLFirefox.mhtml', 'aperture.doc', ['Aperture', 'framework']],
    ['testWORDML_tableInsideParagraph.doc', 'table.doc', ['First Page', 'Second column', 'tic-tac-toe']],
    ['testRTF.rtf', 'notes.doc', ['indexation', 'Word']],
  ])('reads %s by its content when it is named %s', async (name, asName, words) => {
    const docs = docsClient(server.url, token);
    const created = await docs.uploadAndCreate(fixture(name), asName);
    expect(created.body.code).toBe(200);
    const text = (await docs.pages(created.body.data.md5)).body.data.pages.map((p) => p.text).join('\n');
    for (const word of words) expect(text).toContain(word);
    expect(text.length).toBeGreaterThan(10);
  });

  it('refuses with 1002 a file of a known kind that no reader takes, whatever its name', async () => {
    // A GIF: pictures of pages are read as png, jpeg, webp and tiff only.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const docs = docsClient(server.url, token);
    for (const name of ['photo.docx', 'photo.png'])
      expect((await docs.uploadAndCreate(gif, name)).body.code).toBe(ResponseCode.FileTypeUnsupported);
  });

  it('refuses with 1002, in the caller language, bytes named .png that are no picture, and reads a pdf named .png as a pdf', async () => {
    const docs = docsClient(server.url, token, 'es');
    const text = await docs.uploadAndCreate(Buffer.from('These bytes are no picture.\n'), 'page.png');
    expect(text.body.code).toBe(ResponseCode.FileTypeUnsupported);
    expect(text.body.msg).toContain('imagen de una página (.png, .jpg, .webp, .tif)');
    const pdf = await docs.uploadAndCreate(fixture('noembed-sjis.pdf'), 'scan.png');
    expect(pdf.body.code).toBe(200);
    expect(pdf.body.data.fileType).toBe('pdf');
    expect(pdf.body.data.fileContentType).toBe('application/pdf');
  });

  it.each([
    // docling's photo of a Swiss bill (a letter with a payment slip), 1021 by 1423 pixels at "62 dpi".
    ['qr_bill_example.jpg', 'image/jpeg', 'Fictitious example for illustration purposes'],
    // Tika's OCR test picture (a screenshot of one line) and docling's WebP of a page's opening lines.
    ['testOCR.png', 'image/png', 'This file contains some words.'],
    ['webp-test.webp', 'image/webp', 'Docling bundles PDF document conversion to'],
  ])(
    'reads the picture of a page %s with OCR as one page of a document, telling its progress',
    async (name, type, phrase) => {
      const as = await newGuest(server.url);
      const docs = docsClient(server.url, as);
      const md5 = await docs.upload(fixture(name));
      const seen: unknown[] = [];
      let done = false;
      const creating = docs.create({ md5, fileName: name, model: 'Standard' }).finally(() => {
        done = true;
      });
      while (!done) {
        const progress = await call<ParseProgress | null>(
          server.url,
          'GET',
          `${DocumentPaths.parseProgress}?md5=${md5}`,
          { token: as },
        );
        if (progress.body.data) seen.push(progress.body.data);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const created = await creating;
      expect(created.body.code).toBe(200);
      expect(created.body.data).toMatchObject({ fileType: 'image', fileContentType: type, page_count: 1 });
      expect(created.body.data.pages_estimated).toBe(false);
      // "Reading page 1 of 1" in the upload row.
      expect(seen).toContainEqual({ page: 1, pages: 1 });
      const pages = (await docs.pages(md5)).body.data.pages;
      expect(pages).toHaveLength(1);
      expect(pages[0].text).toContain(phrase);
      // The reference: tesseract 5.3's words of the picture that it is sure of (confidence 80 or more).
      expect(wordRecall(reference(name), pages[0].text)).toBeGreaterThanOrEqual(0.95);
      // The picture itself is served back to its owner (the viewer beside the chat shows it), to no one else.
      const file = await docs.file(md5);
      expect(file.status).toBe(200);
      expect(file.type).toBe(type);
      expect(file.bytes?.equals(fixture(name))).toBe(true);
      const stranger = docsClient(server.url, await newGuest(server.url));
      expect((await stranger.file(md5)).status).toBe(404);
      expect((await stranger.pages(md5)).status).toBe(404);
      // The workspace lists it among the uploaded pictures.
      const listed = await call<WorkspaceFile[]>(server.url, 'GET', '/api/v1/workspace/uploaded/image', {
        token: as,
      });
      expect(listed.body.data).toEqual([
        expect.objectContaining({ id: md5, category: 'image', name, href: `/chatwithdoc?md5=${md5}` }),
      ]);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a phone photo stored on its side upright, by its EXIF orientation',
    async () => {
      // Tika's testOCR.jpg ("Apache Tika / OCR Testing") and docling's qr_bill_example.jpg, each stored a quarter
      // turn anticlockwise with EXIF Orientation 6 (shown turned clockwise), as a phone held upright writes its
      // photos (copies made for this test: no real one was found among the projects' test files). Read as stored,
      // the four words came out "Buniysal 420 el ayoedy" (too few to be tried in other turns).
      const small = await read('testOCR_exif6.jpg', 'en', await newGuest(server.url));
      expect(small.created.body.code).toBe(200);
      expect(small.text).toContain('Apache Tika');
      expect(small.text).toContain('OCR Testing');
      const bill = await read('qr_bill_example_exif6.jpg', 'en', await newGuest(server.url));
      expect(bill.created.body.code).toBe(200);
      expect(wordRecall(reference('qr_bill_example.jpg'), bill.text)).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT,
  );

  it.each([
    // Tika's testRotated-10.png and testRotated+10.png: one page of English prose turned 10 degrees either way.
    // Before, one read as garbage ("Hearts 35% se garden Sr aay wart corned") and the other as nothing.
    ['testRotated-10.png'],
    ['testRotated+10.png'],
  ])(
    'reads a page photographed ten degrees off (%s) straightened',
    async (name) => {
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      expect(text).toContain('Its had resolving otherwise she contented therefore.');
      expect(text).toContain('hearts sister use garden.');
    },
    OCR_TIMEOUT,
  );

  it(
    "reads each page of a multi-page TIFF (a scanner's or a fax's) as a page of its own, and refuses a TIFF whose pages loop",
    async () => {
      // Tika's testTIFF_multipage.tif: two JPEG-compressed pages, "Multipage TIFF Example / Page 1" and "Page 2".
      // Neither the canvas nor tesseract.js decodes TIFF: it was refused with 1002.
      const as = await newGuest(server.url);
      const docs = docsClient(server.url, as);
      const created = await docs.uploadAndCreate(fixture('testTIFF_multipage.tif'), 'scan.tif');
      expect(created.body.code).toBe(200);
      expect(created.body.data).toMatchObject({
        fileType: 'image',
        fileContentType: 'image/tiff',
        page_count: 2,
      });
      const pages = (await docs.pages(created.body.data.md5)).body.data.pages.map((page) => page.text);
      expect(pages).toHaveLength(2);
      for (const [index, text] of pages.entries()) {
        expect(text).toContain('Multipage');
        expect(text).toContain(`Page ${index + 1}`);
      }
      // A TIFF whose one image directory names itself as the next: refused as damaged, not followed for ever.
      const looped = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0, 8, 0, 0, 0]);
      const refused = await docsClient(server.url, as).uploadAndCreate(looped, 'loop.tif');
      expect(refused.body.code).toBe(ResponseCode.BadRequest);
      expect(refused.body.msg).toBe('This document is damaged and cannot be read.');
    },
    OCR_TIMEOUT,
  );

  it(
    "reads a small map's place names, its letters not enlarged past the size tesseract reads best",
    async () => {
      // OCRmyPDF's baiona_color.jpg: a map of 640 by 682 pixels. Taken for a whole page at 59 dpi it was enlarged
      // 4 times, its names' letters came out 77 pixels high, and "Angelu" and "BAIONA" were lost (word recall 0.71
      // against tesseract's command line). It is now read again at twice its size, where its letters are those of a
      // page scanned at 300 dpi, and that surer reading is kept.
      const name = 'baiona_color.jpg';
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      for (const place of ['Angelu', 'BAIONA', 'Mugerre', 'Milafranga']) expect(text).toContain(place);
      expect(wordRecall(reference(name), text)).toBe(1);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads the place names of a small map drawn in a pdf, read again enlarged less and smoothly',
    async () => {
      // OCRmyPDF's palette.pdf: the Baiona map drawn at 96 dpi, no text layer. Enlarged 3 times towards 300 dpi its
      // letters came out too large and "Mugerre" read "Mu corre"; read again at twice its size, enlarged bilinearly,
      // "Tarnose" read "Tamose" (word recall 0.83 either way). The second reading is now enlarged by the canvas's
      // high-quality smoothing, and reads all six names the reference (tesseract on the page drawn at 300 dpi) reads.
      const name = 'palette.pdf';
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      for (const place of ['Tarnose', 'Bokale', 'Lehuntze', 'Mugerre', 'Milafranga', 'Komunikabideak'])
        expect(text).toContain(place);
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT,
  );

  it(
    'answers a photo without words "no text was found in this picture", in the caller language',
    async () => {
      // Tika's testJPEG_EXIF.jpg, a camera photo: tesseract reads a mark or two as letters, unsure.
      const { created } = await read('testJPEG_EXIF.jpg', 'ar', await newGuest(server.url));
      expect(created.body.code).toBe(ResponseCode.BadRequest);
      expect(created.body.msg.startsWith('لم يُعثر على نص في هذه الصورة.')).toBe(true);
    },
    OCR_TIMEOUT,
  );

  it('refuses a picture of more pixels than DOCS_OCR_MAX_PIXELS before decoding it, saying so', async () => {
    const small = await startWithOcr({ enabled: true, maxPixels: 1_000_000 });
    try {
      const docs = docsClient(small.url, await newGuest(small.url), 'zh');
      const created = await docs.uploadAndCreate(fixture('qr_bill_example.jpg'), 'bill.jpg');
      expect(created.body.code).toBe(ResponseCode.BadRequest);
      expect(created.body.msg).toBe('此图片有 2 百万像素，最多可读取 1 百万像素。请上传更小的照片或扫描件。');
    } finally {
      await small.close();
    }
  });

  it("reads a docx's footnotes once, as mammoth's own test expects them", async () => {
    const { created, text } = await read('mammoth-footnotes.docx');
    expect(created.body.code).toBe(200);
    expect(wordRecall('Ouch. A tachyon walks into a bar. Fin.', text)).toBe(1);
  });

  it('reads the header, footer and footnote of a docx and a doc, and a text box only once', async () => {
    const various = await read('testWORD_various.docx');
    for (const line of ['This is the header text.', 'This is the footer text.', 'This is a footnote.'])
      expect(various.text).toContain(line);
    // The same document saved as Word 97-2003: its text box, header, footer and footnote too.
    const old = await read('testWORD_various.doc');
    for (const line of [
      'Here is a text box',
      'This is the header text.',
      'This is the footer text.',
      'This is a footnote.',
    ])
      expect(old.text).toContain(line);
    // Word numbers the footnote where the body refers to it and before the note itself; both formats say so.
    for (const text of [various.text, old.text]) {
      expect(text).toContain('Footnote appears here[1]');
      expect(text).toContain('[1] This is a footnote.');
    }
    const box = await read('mammoth-text-box.docx');
    expect(box.text.match(/Datum plane/g)).toHaveLength(1);
  });

  it('reads the text of a chart and of a SmartArt diagram on a pptx slide', async () => {
    const chart = await read('testPPT_charts.pptx');
    expect(chart.created.body.code).toBe(200);
    for (const word of ['peach', 'January', 'August']) expect(chart.text).toContain(word);
    const smartArt = await read('testPPT_diagramData.pptx');
    for (const word of ['President', 'Marketing']) expect(smartArt.text).toContain(word);
  });

  it("reads a docx's list numbers, note marks, equations and picture descriptions, as pandoc does", async () => {
    // Word draws these from numbering.xml, the order of the notes, Office Math runs and the pictures' alt text.
    const name = 'testWORD_2006ml.docx';
    const { created, text } = await read(name);
    expect(created.body.code).toBe(200);
    for (const line of [
      '1. this is a basic list',
      '2. Really basic',
      'This should have a footnote[1]',
      // Endnotes are numbered i, ii, iii unless the file says otherwise (settings.xml says lowerRoman here).
      'This should point to an endnote [i]',
    ])
      expect(text).toContain(line);
    // The equation ¾: its numerator and denominator, not "34".
    expect(text).toMatch(/\b3\s+4\b/);
    // pandoc's own words that are not the file's: "frac" of the TeX it writes the equation in, and "2" of a
    // list it numbers again from 1 after a break.
    expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.98);
    const picture = await read('testWORD_1img.docx');
    expect(picture.text).toContain('A description...');
  });

  it('numbers Word lists as Word does, in docx and doc: start values, overrides, skipped levels, legal numbering, restarts', async () => {
    // Tika's test file writes into each item the number Word shows before it, saved as .docx and as .doc.
    const docx = (await read('testWORD_override_list_numbering.docx')).text;
    const doc = (await read('testWORD_override_list_numbering.doc')).text;
    // Each item as "<number Word draws> <the item's text>", the two the same, between spaces or line ends.
    const item = (shown: string) => {
      const escaped = shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`(?:^|\\s)${escaped} ${escaped}(?:\\s|$)`);
    };
    for (const shown of [
      '0th', // a level without a start value starts at 0
      '1st.2.2someOtherText.1', // text around the numbers in the level's pattern
      '1.b.III', // a level that does not restart under its parent (lvlRestart)
      '2.b', // a skipped level counts as used ("2.a.I" then "2.b")
      '2.18.2.1', // legal numbering shows every level as a decimal
      '00', // decimalZero from a start of 0
      // A list whose first level is overridden to capital letters (ListFormatOverride).
      'B',
      'C',
    ]) {
      expect(docx).toMatch(item(shown));
      expect(doc).toMatch(item(shown));
    }
  });

  it('reads Japanese ruby of an old Word file as its text with the reading, and optional hyphens as nothing', async () => {
    // Word 97-2003 keeps ruby in an EQ field with no result; the reader once dropped every field's code.
    const ruby = await read('testWORD_phonetic.doc');
    expect(ruby.created.body.code).toBe(200);
    expect(ruby.text).toBe('東京(とうきょう)');
    // Tika's TestParsers expects "optionalhyphen" from each format: the .doc came out empty (its letter
    // spacing was taken for a tracked deletion) and the .pptx kept a soft hyphen that split the word.
    for (const name of ['testOptionalHyphen.doc', 'testOptionalHyphen.pptx']) {
      const { created, text } = await read(name);
      expect(created.body.code).toBe(200);
      expect(text).toBe('optionalhyphen');
    }
  });

  it("reads RTF in its fonts' code pages, with its dashes, list numbers, text boxes and footnotes", async () => {
    // Apache Tika's RTFParserTest expects these from the same files. The reader before decoded every \'hh
    // byte alone as Latin-1 (Japanese and Polish came out garbled) and dropped dashes, text boxes and notes.
    const various = await read('testRTFVarious.rtf');
    for (const line of [
      'ゾルゲと尾崎、淡々と最期', // Shift-JIS bytes in a font of the Japanese character set
      '（ＧＨＱ）',
      '𐌲𐌿𐍄𐌹𐍃𐌺', // \uN surrogate pairs
      'Here is a text box',
      'This is a footnote.',
      'This is the header text.',
      '1) Number bullet 1', // the list number RTF writes in \listtext
    ])
      expect(various.text).toContain(line);
    expect(wordRecall(reference('testRTFVarious.rtf'), various.text)).toBe(1);
    const japanese = await read('testRTF-ms932.rtf');
    expect(japanese.text).toContain('こんにちは');
    const polish = await read('testRTFWindowsCodepage1250.rtf');
    expect(polish.text).toContain('zażółć gęślą jaźń');
    const controls = await read('testRTFControls.rtf');
    for (const line of [
      'Thiswordhasanem\u2014dash',
      'Thiswordhasanen\u2013dash',
      'Thiswordhasanon\u2011breakinghyphen',
      'Thiswordhasanoptionalhyphen',
      '\u201cDouble quoted text\u201d',
    ])
      expect(controls.text).toContain(line);
  });

  it('numbers the pages of a Word file as Word laid them out, and says they are not estimates', async () => {
    // Word's own page count is in docProps/app.xml (<Pages>21</Pages>); the file marks 20 rendered breaks.
    const docs = docsClient(server.url, token);
    const created = await docs.uploadAndCreate(fixture('testWORD_endnote_table.docx'), 'endnotes.docx');
    expect(created.body.data.page_count).toBe(21);
    expect(created.body.data.pages_estimated).toBe(false);
    const pages = (await docs.pages(created.body.data.md5)).body.data;
    expect(pages.pages_estimated).toBe(false);
    expect(pages.pages[0].text.endsWith('magna eros quis urna. Nunc')).toBe(true);
    expect(pages.pages[1].text.startsWith('viverra imperdiet enim.')).toBe(true);
  });

  it('labels the pages of a file without page breaks as estimated, and those of a pdf or a deck as real', async () => {
    const docs = docsClient(server.url, token);
    const word = await docs.uploadAndCreate(fixture('mammoth-footnotes.docx'), 'footnotes.docx');
    expect(word.body.data.pages_estimated).toBe(true);
    expect((await docs.pages(word.body.data.md5)).body.data.pages_estimated).toBe(true);
    const pdf = await docs.uploadAndCreate(fixture('vertical.pdf'), 'vertical.pdf');
    expect(pdf.body.data.pages_estimated).toBe(false);
    const deck = await docs.uploadAndCreate(fixture('testPPT_charts.pptx'), 'charts.pptx');
    expect(deck.body.data.pages_estimated).toBe(false);
  });

  it('reads an Arabic pdf in reading order, with the letters a search is typed with, and calls it Arabic', async () => {
    const name = 'ArabicCIDTrueType.pdf';
    const { created, pages } = await read(name);
    expect(created.body.data.language).toBe('ar');
    // pdftotext's four lines, in logical order once its bidi marks are dropped: "types of Arabic fonts".
    expect(pages[0].match(/انواع الخطوط العربية/g)).toHaveLength(4);
    expect(pages[0]).not.toContain('العربية الخطوط');
    expect(wordRecall(reference(name), pages[0])).toBe(1);
  });

  it('reads the lam-alef ligatures of an Arabic pdf with their letters in order', async () => {
    // Each lam-alef glyph stands for two letters; reversed with the run they came out alef-lam ("اإلنتاجية").
    const name = 'right_to_left_01.pdf';
    const { created, pages } = await read(name, 'ar', await newGuest(server.url));
    expect(created.body.data.language).toBe('ar');
    for (const word of ['الإنتاجية', 'المشكلات', 'خلال', 'الأدوات']) expect(pages[0]).toContain(word);
    expect(pages[0]).not.toContain('اإلنتاجية');
    expect(wordRecall(reference(name), pages[0])).toBeGreaterThanOrEqual(0.95);
  });

  it.each([
    ['testWORD_various.docx', 'en'],
    // "Test d'indexation Word"
    ['testRTF.rtf', 'fr'],
    ['noembed-sjis.pdf', 'ja'],
  ])('detects the language of %s from its text as %s', async (name, language) => {
    const { created } = await read(name);
    expect(created.body.data.language).toBe(language);
  });

  it(
    'reads a scanned pdf page with OCR, telling which page it reads while it does',
    async () => {
      const docs = docsClient(server.url, token);
      const file = fixture('testOCR.pdf');
      const md5 = await docs.upload(file);
      const seen: unknown[] = [];
      let done = false;
      const creating = docs.create({ md5, fileName: 'scan.pdf', model: 'Standard' }).finally(() => {
        done = true;
      });
      while (!done) {
        const progress = await call<ParseProgress | null>(
          server.url,
          'GET',
          `${DocumentPaths.parseProgress}?md5=${md5}`,
          { token },
        );
        if (progress.body.data) seen.push(progress.body.data);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const created = await creating;
      expect(created.body.code).toBe(200);
      // Tika's own OCR test expects this line from the picture.
      const text = (await docs.pages(md5)).body.data.pages[0].text;
      expect(text).toContain('Happy New Year 2003');
      expect(created.body.data.language).toBe('en');
      expect(seen).toContainEqual({ page: 1, pages: 1 });
      // Another user cannot see how far someone else's document has come.
      const other = await newGuest(server.url);
      const theirs = await call<ParseProgress | null>(
        server.url,
        'GET',
        `${DocumentPaths.parseProgress}?md5=${md5}`,
        { token: other },
      );
      expect(theirs.body.data).toBeNull();
    },
    OCR_TIMEOUT,
  );

  it('reads the letters of skewed words that the page edge cuts, as pdftotext does', async () => {
    // pdf.js's bug946506.pdf draws its words through a skewed, enlarged text matrix, and the left page edge cuts
    // some of them. pdf.js dropped a letter whose origin lies off the page though most of it is on the page
    // ("otenti" for "potenti", "sequat" for "nsequat"), where pdftotext keeps it; and a space went where the font
    // size changes inside a word ("ele mentum"), the gap being measured along x instead of along the line.
    const { created, text } = await read('bug946506.pdf');
    expect(created.body.code).toBe(200);
    for (const word of ['potenti', 'nsequat', 'elementum', 'metus'])
      expect(text).toMatch(new RegExp(`(?:^|\\s)${word}\\b`));
  });

  it(
    'reads with OCR a scanned page stored as a JPEG 2000 picture',
    async () => {
      // Tika's testPDF_jpeg2000.pdf: one page of printed terms, scanned into a JPEG 2000 picture. The copy of pdf.js
      // the reader used had no JPEG 2000 decoder, so the page had no picture to read. The reference is tesseract
      // 5.3's text of the page drawn at 300 dpi by pdftoppm, the words it is sure of (confidence 80 or more).
      const name = 'testPDF_jpeg2000.pdf';
      const { created, text } = await read(name);
      expect(created.body.code).toBe(200);
      for (const phrase of ['DEFINITIONS', 'freehold property', 'Mortgage']) expect(text).toContain(phrase);
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads with OCR the labels a page draws as small pictures and image masks',
    async () => {
      // pdf.js's images_1bit_grayscale.pdf has no text layer: each label is a picture about 35 pixels high, some of
      // them image masks (one bit a pixel, painted in the fill colour), some in a frame. Pictures under 64 pixels
      // and masks were skipped, so the file had "no text"; tesseract, looking for a layout, read nothing in a frame.
      const name = 'images_1bit_grayscale.pdf';
      const { created, text } = await read(name);
      expect(created.body.code).toBe(200);
      for (const label of ['Uncompressed', 'FlateDecode', 'Image Mask', 'Inline Image', 'CCITTFaxDecode'])
        expect(text).toContain(label);
      expect(wordRecall(reference(name), text)).toBe(1);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads with OCR the words of a picture that a page shows through a stencil mask',
    async () => {
      // pdf.js's issue13561_reduced.pdf draws a diagram as a picture that fills the shapes of an image mask; read
      // picture by picture, the mask alone was black shapes and the page had "no text". The page is now read as it
      // is drawn. The reference (tesseract 5.3 on the page at 300 dpi, sure words) holds 8 words and misreads two.
      const name = 'issue13561_reduced.pdf';
      const { created, text } = await read(name);
      expect(created.body.code).toBe(200);
      for (const word of ['WAVETABLE', 'CYCLE', 'Synthetic']) expect(text).toContain(word);
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.6);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads with OCR a page whose text was turned into outlines (shapes, no text layer, no picture)',
    async () => {
      // OCRmyPDF's vector.pdf draws its words as 126 filled shapes: with no picture on the page nothing was read,
      // and the file had "no text". A page of many shapes is now read as it is drawn.
      const name = 'vector.pdf';
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      for (const phrase of ['Sample Vector PDF for Testing', 'OCR processing'])
        expect(text).toContain(phrase);
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads the numbers of a form scanned at 200 dpi, telling tesseract the resolution of the picture',
    async () => {
      // Page 2 of pdf.js's issue7229.pdf: a Russian inspection form scanned at 200 dpi, enlarged to 400 for reading.
      // The picture went to tesseract without a resolution, which then took 70 dpi and misjudged the size of the
      // letters: the mass (850) and the mileage (69510) were lost (word recall 0.72 against the reference, now 0.88;
      // the rest of the reference is Cyrillic read as Latin letters, by both readers in English).
      const name = 'issue7229_page2.pdf';
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      for (const number of ['850', '1250', '69510', '201509121131107641165']) expect(text).toContain(number);
      expect(text).toContain('Results of the roadworthiness inspection');
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.85);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a scanned French page with its accents, uploaded by an English speaker',
    async () => {
      // OCRmyPDF's francais.pdf: a French pangram scanned (no text layer). Read in English only (the uploader's
      // language), every accent was lost: "a coté de l'alcove", "capharnalim", "diminue ca et 1a". The English
      // reading is found to be French and the page is read again with French. The reference is tesseract 5.3 on the
      // page in French (`-l fra`, Debian's tesseract-ocr-fra), sure words.
      const name = 'francais.pdf';
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      for (const phrase of ["à côté de l'alcôve", 'capharnaüm', 'là la qualité', 'œuvre'])
        expect(text).toContain(phrase);
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.95);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a scan stored on its side as the page shows it, turned upright',
    async () => {
      // docling's sample_with_rotation_mismatch.pdf: a letter scanned on its side, which the page turns upright
      // (/Rotate 90). Read as stored, its lines ran down the picture and the page was garbage ("'XSF 'DIOL 'PUY",
      // word recall 0.02 against tesseract's reading of the page as shown).
      const name = 'sample_with_rotation_mismatch.pdf';
      const { created, text } = await read(name, 'en', await newGuest(server.url));
      expect(created.body.code).toBe(200);
      for (const phrase of ['THE SLEREXE COMPANY LIMITED', 'facsimile transmission'])
        expect(text).toContain(phrase);
      expect(wordRecall(reference(name), text)).toBeGreaterThanOrEqual(0.95);
      // docling's ocr_test_rotated_180.pdf shows an upright scan upside down (/Rotate 180): read as the page shows
      // it, the letters are upside down and read with little confidence; the scan is turned until they are not.
      const upsideDown = await read('ocr_test_rotated_180.pdf', 'en', await newGuest(server.url));
      expect(upsideDown.text).toContain('Docling bundles PDF document conversion to JSON and Markdown');
    },
    OCR_TIMEOUT,
  );

  it('answers "no text" for the scanned pdf and refuses a picture of a page when OCR is turned off (DOCS_OCR=off)', async () => {
    const off = await startWithOcr({ enabled: false, maxPixels: 50_000_000 });
    try {
      const docs = docsClient(off.url, await newGuest(off.url));
      const created = await docs.uploadAndCreate(fixture('testOCR.pdf'), 'scan.pdf');
      expect(created.body.code).toBe(ResponseCode.BadRequest);
      // Not "is it a scanned image?": it may well be, and this server does not read scans; the caller is told so.
      expect(created.body.msg).toBe(
        'No text was found in this document. If it is a scan, it cannot be read here: text recognition is turned off on this server.',
      );
      // A picture of a page has nothing but OCR to read it: it is refused as a type this server does not read,
      // with its own reason, not "damaged".
      const picture = await docs.uploadAndCreate(fixture('testOCR.png'), 'page.png');
      expect(picture.body.code).toBe(ResponseCode.FileTypeUnsupported);
      expect(picture.body.msg).toContain('text recognition is turned off on this server');
    } finally {
      await off.close();
    }
  });

  it('reads an old PowerPoint deck slide by slide, the text of its shapes included', async () => {
    // Before: only the slide-text list was read, so this deck had no text; masters and notes counted as slides.
    const deck = await read('testPPT_skipBadCompressedObject.ppt');
    expect(deck.created.body.code).toBe(200);
    expect(deck.created.body.data.page_count).toBe(14);
    expect(deck.pages[0]).toContain('NASA Ames Research Center');
    expect(deck.pages[1]).toContain('Free Flight proposes');
    const one = await read('testPPT.ppt');
    expect(one.created.body.data.page_count).toBe(1);
    expect(one.pages[0]).toContain('Sample Powerpoint Slide');
  });

  it("reads the text a deck's master or layout draws on its slides, without the master's prompts", async () => {
    // Tika's PowerPointParserTest: a text box added to the master shows on the slide; the master's
    // placeholders ("Click to edit Master title style", "*" for the slide number) are only prompts.
    for (const name of ['testPPT_masterText.ppt', 'testPPT_masterText.pptx']) {
      const { created, pages } = await read(name);
      expect(created.body.code).toBe(200);
      expect(pages).toEqual(['Text that I added to the master slide']);
    }
  });

  it("does not read a slide's date field as a star", async () => {
    // PowerPoint keeps a "*" in the text where a field (the date that updates itself, the slide number) is
    // shown; Tika's test of this deck expects "Now" and no date, as a .ppt stores none.
    const { created, pages } = await read('testPPT_autodate.ppt');
    expect(created.body.code).toBe(200);
    expect(pages).toEqual(['Now']);
  });

  it('keeps words apart that a pdf draws one by one or draws twice for a shadow', async () => {
    // As pdf.js's issue20513.pdf does (pdftotext reads "YOUR One-Stop"); pdf.js gave "YOURYOUR".
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    for (const [x, y] of [
      [40, 800],
      [41.5, 798.5],
    ])
      page.drawText('YOUR', { x, y, size: 24, font });
    // Words set one by one with the gap of a space and no space character.
    let x = 40;
    for (const word of ['Harbour', 'tides', 'recorded']) {
      page.drawText(word, { x, y: 700, size: 12, font });
      x += font.widthOfTextAtSize(word, 12) + 6;
    }
    const docs = docsClient(server.url, token);
    const created = await docs.uploadAndCreate(Buffer.from(await pdf.save()), 'shadow.pdf');
    const text = (await docs.pages(created.body.data.md5)).body.data.pages[0].text;
    expect(text).toContain('YOUR YOUR');
    expect(text).toContain('Harbour tides recorded');
  });

  it('reads a WordPerfect 4.2 file named .doc, and takes no plain text for one', async () => {
    // Tika's testWordPerfect_42.doc: twelve times one Dutch sentence, as LibreOffice (libwpd) reads it. The format
    // has no signature, so it was answered "damaged".
    const { created, text } = await read('testWordPerfect_42.doc');
    expect(created.body.code).toBe(200);
    expect(text.match(/Sluwe Sjaantje sloeg de slome slager/g)).toHaveLength(12);
    // Text without any of WordPerfect's codes stays what it was: bytes of no known format.
    const plain = await docsClient(server.url, token).uploadAndCreate(
      Buffer.from('Sluwe Sjaantje sloeg de slome slager.\n'),
      'notes.doc',
    );
    expect(plain.body.code).not.toBe(200);
  });

  it('reads a Word 6 file, which the Word 97 reader refuses', async () => {
    const { created, text } = await read('testWORD6.doc');
    expect(created.body.code).toBe(200);
    expect(text).toBe('The quick brown fox jumps over the lazy dog');
  });
});
