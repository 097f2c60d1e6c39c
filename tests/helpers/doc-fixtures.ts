// Real document files built by the tests: pdf (pdf-lib), docx (docx), pptx (pptxgenjs), an old .ppt (a
// compound file written with cfb, records as in MS-PPT), a zip bomb and a truncated pdf.
import zlib from 'node:zlib';
import CFB from 'cfb';
import { Document, ImageRun, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import PptxGenJS from 'pptxgenjs';

/** One pdf page per string; long strings wrap. */
export async function makePdf(pages: string[], title?: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  if (title) pdf.setTitle(title);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    const words = text.split(/\s+/);
    let line = '';
    let y = 800;
    for (const word of words) {
      if ((line + word).length > 80) {
        page.drawText(line, { x: 40, y, size: 11, font });
        y -= 16;
        line = '';
      }
      line += `${word} `;
    }
    if (line) page.drawText(line, { x: 40, y, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

/** A docx whose pages are separated by hard page breaks. */
export async function makeDocx(pages: string[]): Promise<Buffer> {
  const children: Paragraph[] = [];
  pages.forEach((text, index) => {
    children.push(new Paragraph({ children: [new TextRun(text)] }));
    if (index < pages.length - 1) children.push(new Paragraph({ children: [new PageBreak()] }));
  });
  const doc = new Document({ sections: [{ children }] });
  return Buffer.from(await Packer.toBuffer(doc));
}

export async function makePptx(slides: string[]): Promise<Buffer> {
  const pptx = new PptxGenJS();
  for (const text of slides) pptx.addSlide().addText(text, { x: 0.5, y: 0.5, w: 9, h: 1 });
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}

function record(verInstance: number, type: number, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(verInstance, 0);
  header.writeUInt16LE(type, 2);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A PowerPoint 97-2003 file: DocumentContainer > SlideListWithText > (SlidePersistAtom, TextCharsAtom)*. */
export function makePpt(slides: string[]): Buffer {
  const list = slides.flatMap((text, index) => {
    const persist = Buffer.alloc(20);
    persist.writeUInt32LE(index + 1, 0);
    persist.writeUInt32LE(256 + index, 12);
    return [
      record(0, 0x03f3, persist),
      record(0, 0x0f9f, Buffer.from([1, 0, 0, 0])),
      record(0, 0x0fa0, Buffer.from(text, 'utf16le')),
    ];
  });
  const document = record(0x000f, 0x03e8, record(0x000f, 0x0ff0, Buffer.concat(list)));
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, '/PowerPoint Document', document);
  CFB.utils.cfb_add(file, '/Current User', Buffer.alloc(20));
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
}

/**
 * A Word 97-2003 file: a WordDocument stream (FIB with magic 0xA5EC, 1Table flag, ccpText, fcClx) holding
 * the text as UTF-16, and a 1Table stream whose CLX has one piece covering all of it.
 */
export function makeDoc(paragraphs: string[]): Buffer {
  const text = `${paragraphs.join('\r')}\r`;
  const textOffset = 0x800;
  const word = Buffer.alloc(textOffset + text.length * 2);
  word.writeUInt16LE(0xa5ec, 0x00);
  word.writeUInt16LE(0x00c1, 0x02);
  word.writeUInt16LE(0x0200, 0x0a);
  word.writeUInt32LE(textOffset, 0x18);
  word.writeUInt32LE(textOffset + text.length * 2, 0x1c);
  word.writeUInt32LE(text.length, 0x4c);
  word.writeUInt32LE(0, 0x1a2);
  word.writeUInt32LE(21, 0x1a6);
  word.write(text, textOffset, 'utf16le');
  const table = Buffer.alloc(21);
  table.writeUInt8(0x02, 0);
  table.writeUInt32LE(16, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt32LE(textOffset, 15);
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, '/WordDocument', word);
  CFB.utils.cfb_add(file, '/1Table', table);
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
}

function zipEntry(name: string, data: Buffer, declaredSize = data.length) {
  const compressed = zlib.deflateRawSync(data, { level: 9 });
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  return { nameBytes, compressed, local, declaredSize };
}

/** A zip with the given entries; `declaredSizes` may lie about how large an entry expands. */
export function makeZip(files: Record<string, Buffer>, declaredSizes: Record<string, number> = {}): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const entry = zipEntry(name, data, declaredSizes[name] ?? data.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(entry.nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, entry.nameBytes);
    parts.push(entry.local, entry.nameBytes, entry.compressed);
    offset += entry.local.length + entry.nameBytes.length + entry.compressed.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

/** A docx-shaped zip bomb: word/document.xml inflates to `megabytes` MiB of spaces. */
export function makeZipBomb(megabytes = 300, lieAboutSize = false): Buffer {
  const xml = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  return makeZip(
    { '[Content_Types].xml': Buffer.from('<Types/>'), 'word/document.xml': xml },
    lieAboutSize ? { 'word/document.xml': 4096 } : {},
  );
}

/**
 * A small pdf whose one content stream inflates to `megabytes` of spaces after a line of text (a
 * decompression bomb for the pdf parser); `salt` makes each copy a different file.
 */
export function makeInflatingPdf(megabytes: number, salt = ''): Buffer {
  const content = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  content.write('BT /F1 12 Tf 72 720 Td (A page that inflates) Tj ET\n');
  const stream = zlib.deflateSync(content, { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts = [Buffer.from(`%PDF-1.4\n%${salt}\n`)];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((body, index) => {
    offsets.push(at);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    at += object.length;
  });
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** The first `fraction` of a real pdf: the cross-reference table and the end are gone. */
export async function makeTruncatedPdf(fraction = 0.4): Promise<Buffer> {
  const whole = await makePdf(['Page one of a pdf that is cut short.', 'Page two.', 'Page three.']);
  return whole.subarray(0, Math.floor(whole.length * fraction));
}

/** A real PNG of width x height whose pixels depend on `seed` (two seeds make two different pictures). */
export function makePng(width: number, height: number, seed: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = (i * seed) & 255;
    png.data[i * 4 + 1] = (seed * 37) & 255;
    png.data[i * 4 + 2] = (Math.floor(i / width) * 3 + seed) & 255;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** A pdf page with text and pictures drawn at their own size. */
export interface PdfPageWithImages {
  text: string;
  images: Buffer[];
}

export async function makePdfWithImages(pages: PdfPageWithImages[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // The same bytes are embedded once and drawn again (a logo on every page), as real files do.
  const embedded = new Map<string, Awaited<ReturnType<typeof pdf.embedPng>>>();
  for (const { text, images } of pages) {
    const page = pdf.addPage([595, 842]);
    page.drawText(text, { x: 40, y: 800, size: 11, font });
    let y = 780;
    for (const bytes of images) {
      const key = bytes.toString('base64');
      const image = embedded.get(key) ?? (await pdf.embedPng(bytes));
      embedded.set(key, image);
      y -= image.height + 10;
      page.drawImage(image, { x: 40, y, width: image.width, height: image.height });
    }
  }
  return Buffer.from(await pdf.save());
}

/** A docx with pages split by hard page breaks, each with its text and pictures. */
export async function makeDocxWithImages(pages: PdfPageWithImages[]): Promise<Buffer> {
  const children: Paragraph[] = [];
  pages.forEach(({ text, images }, index) => {
    children.push(new Paragraph({ children: [new TextRun(text)] }));
    for (const data of images) {
      const { width, height } = PNG.sync.read(data);
      children.push(
        new Paragraph({ children: [new ImageRun({ type: 'png', data, transformation: { width, height } })] }),
      );
    }
    if (index < pages.length - 1) children.push(new Paragraph({ children: [new PageBreak()] }));
  });
  return Buffer.from(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

/** A pptx whose slides show their text and pictures; `masterLogo` sits on the slide master (every slide). */
export async function makePptxWithImages(slides: PdfPageWithImages[], masterLogo?: Buffer): Promise<Buffer> {
  const pptx = new PptxGenJS();
  if (masterLogo)
    pptx.defineSlideMaster({
      title: 'BRANDED',
      objects: [
        { image: { x: 0.1, y: 0.1, w: 1, h: 1, data: `image/png;base64,${masterLogo.toString('base64')}` } },
      ],
    });
  for (const { text, images } of slides) {
    const slide = pptx.addSlide(masterLogo ? { masterName: 'BRANDED' } : undefined);
    slide.addText(text, { x: 0.5, y: 0.3, w: 9, h: 0.8 });
    for (const [index, data] of images.entries())
      slide.addImage({
        data: `image/png;base64,${data.toString('base64')}`,
        x: 0.5 + index * 3,
        y: 1.5,
        w: 2,
        h: 2,
      });
  }
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}
