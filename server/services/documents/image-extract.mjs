// Runs inside the parse worker (parse-worker.mjs, same heap and time limits): finds the pictures of a pdf,
// docx or pptx with the page or slide they appear on. Tiny pictures (bullets, icons) are skipped, identical
// ones kept once (first page wins), and the count and total bytes are capped, so a file full of pictures
// cannot fill the object store.
import crypto from 'node:crypto';
import path from 'node:path/posix';
import { readZip, slideEntries } from './zip-reader.mjs';

/**
 * @typedef {{ minSide: number, maxCount: number, maxTotalBytes: number, maxPixels: number }} ImageLimits
 * @typedef {{ page: number | null, width: number, height: number, contentType: string, sha256: string,
 *   bytes: Uint8Array }} FoundImage
 */

/** Collects pictures in reading order under the limits. @param {ImageLimits} limits */
function collector(limits) {
  /** @type {FoundImage[]} */
  const images = [];
  const seen = new Set();
  let total = 0;
  return {
    images,
    full: () => images.length >= limits.maxCount || total >= limits.maxTotalBytes,
    /** Whether a picture of this size is worth decoding at all. @param {number} w @param {number} h */
    wanted: (w, h) => w >= limits.minSide && h >= limits.minSide && w * h <= limits.maxPixels,
    /** @param {Omit<FoundImage, 'sha256'>} image @param {Uint8Array} [identity] what makes two equal */
    add(image, identity = image.bytes) {
      if (images.length >= limits.maxCount) return;
      if (total + image.bytes.length > limits.maxTotalBytes) return;
      const sha256 = crypto.createHash('sha256').update(identity).digest('hex');
      if (seen.has(sha256)) return;
      seen.add(sha256);
      total += image.bytes.length;
      images.push({ ...image, sha256 });
    },
  };
}

// pdf.js image kinds (ImageKind): 1 bit per pixel grey (a set bit is white), RGB, RGBA.
export const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

/**
 * pdf.js decoded pixels as PNG input: RGB and RGBA as they are (opaque pictures keep no alpha channel, a
 * third smaller), 1-bit grey as 8-bit grey. Null for a layout this does not know.
 * @returns {{ data: Buffer, colorType: 0 | 2 | 6 } | null}
 */
export function pngInput(image) {
  const { width, height, data } = image;
  const pixels = width * height;
  const kind = image.kind ?? (data.length === pixels * 4 ? RGBA_32BPP : RGB_24BPP);
  if (kind === RGBA_32BPP && data.length >= pixels * 4)
    return { data: Buffer.from(data.buffer, data.byteOffset, pixels * 4), colorType: 6 };
  if (kind === RGB_24BPP && data.length >= pixels * 3)
    return { data: Buffer.from(data.buffer, data.byteOffset, pixels * 3), colorType: 2 };
  if (kind !== GRAYSCALE_1BPP) return null;
  const rowBytes = (width + 7) >> 3;
  if (data.length < rowBytes * height) return null;
  const grey = Buffer.alloc(pixels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      grey[y * width + x] = data[y * rowBytes + (x >> 3)] & (128 >> (x & 7)) ? 255 : 0;
  return { data: grey, colorType: 0 };
}

/**
 * The image a pdf.js paint operator names: XObjects arrive by name (g_ names are shared across pages),
 * inline images come with their data.
 */
export function paintedImage(page, key) {
  return typeof key === 'string'
    ? new Promise((resolve) => (key.startsWith('g_') ? page.commonObjs : page.objs).get(key, resolve))
    : Promise.resolve(key);
}

/**
 * pngInput's pixels as a PNG file.
 * @param {typeof import('pngjs').PNG} PNG @param {{ width: number, height: number }} image
 * @param {{ data: Buffer, colorType: 0 | 2 | 6 }} input
 */
export function encodePng(PNG, image, input) {
  const { colorType } = input;
  const options = { colorType, inputColorType: colorType, inputHasAlpha: colorType === 6 };
  const png = new PNG({ width: image.width, height: image.height, ...options });
  png.data = input.data;
  return PNG.sync.write(png, options);
}

// pdf.js packs font data with ArrayBuffer.transferToFixedLength (Node 21+); on Node 20 every page with text
// would lose its operator list, pictures included. This thread's own copy is enough.
if (!ArrayBuffer.prototype.transferToFixedLength)
  ArrayBuffer.prototype.transferToFixedLength = function transferToFixedLength(length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };

/** @param {Buffer} bytes @param {ImageLimits} limits */
async function pdfImages(bytes, limits) {
  const { loadPdfjs, openPdf } = await import('./pdfjs.mjs');
  const { PNG } = await import('pngjs');
  const { OPS } = await loadPdfjs();
  const pdf = await openPdf(new Uint8Array(bytes));
  const found = collector(limits);
  for (let n = 1; n <= pdf.numPages && !found.full(); n++) {
    const page = await pdf.getPage(n);
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length && !found.full(); i++) {
      const fn = ops.fnArray[i];
      if (fn !== OPS.paintImageXObject && fn !== OPS.paintInlineImageXObject) continue;
      const [key, width, height] = ops.argsArray[i];
      if (!found.wanted(width ?? key?.width ?? 0, height ?? key?.height ?? 0)) continue;
      const image = await paintedImage(page, key);
      if (!image?.data || !found.wanted(image.width, image.height)) continue;
      const input = pngInput(image);
      if (!input) continue;
      const encoded = encodePng(PNG, image, input);
      found.add(
        {
          page: n,
          width: image.width,
          height: image.height,
          contentType: 'image/png',
          bytes: new Uint8Array(encoded),
        },
        Buffer.concat([Buffer.from(`${image.width}x${image.height}x${input.colorType}:`), input.data]),
      );
    }
    page.cleanup();
  }
  await pdf.loadingTask.destroy();
  return found.images;
}

/** Media a browser shows as they are; others (EMF, WMF, TIFF) are left out. */
const SHOWN = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp' };

/** Targets of image relationships in a .rels part, by id. @param {string} rels @param {string} base */
function imageRelations(rels, base) {
  /** @type {Map<string, string>} */
  const map = new Map();
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const tag = match[0];
    if (!/Type="[^"]*\/image"/.test(tag) || /TargetMode="External"/.test(tag)) continue;
    const id = /\bId="([^"]+)"/.exec(tag)?.[1];
    const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
    if (id && target) map.set(id, path.normalize(path.join(base, target)).replace(/^\//, ''));
  }
  return map;
}

/** Picture references (r:embed of blips, r:id of VML image data) in order. @param {string} xml */
const embedsIn = (xml) =>
  [...xml.matchAll(/<(?:a:blip|v:imagedata)\b[^>]*?\br:(?:embed|id)="([^"]+)"/g)].map((m) => m[1]);

/** @param {ReturnType<typeof readZip>} zip @param {string} name @param {number | null} page @param {ReturnType<typeof collector>} found */
function addMedia(zip, name, page, found, imageSize) {
  const extension = (name.split('.').pop() ?? '').toLowerCase().replace('jpeg', 'jpg');
  const type = SHOWN[/** @type {keyof typeof SHOWN} */ (extension)];
  if (!type || found.full()) return;
  const data = zip.read(name);
  if (!data) return;
  let size;
  try {
    size = imageSize(data);
  } catch {
    return;
  }
  if (!size.width || !size.height || !found.wanted(size.width, size.height)) return;
  found.add({ page, width: size.width, height: size.height, contentType: type, bytes: new Uint8Array(data) });
}

/**
 * Pages of a docx follow the text parser: `pageStarts` gives, for each piece of the body between </w:p>, the
 * page its content starts on (pagination.mjs).
 * @param {Buffer} bytes @param {ImageLimits} limits @param {{ pageStarts: (xml: string) => number[] }} text
 */
async function docxImages(bytes, limits, text) {
  const { imageSize } = await import('image-size');
  const zip = readZip(bytes);
  const xml = zip.read('word/document.xml')?.toString('utf8') ?? '';
  const relations = imageRelations(zip.read('word/_rels/document.xml.rels')?.toString('utf8') ?? '', 'word');
  const found = collector(limits);
  const starts = text.pageStarts(xml);
  for (const [index, paragraph] of xml.split('</w:p>').entries()) {
    for (const id of embedsIn(paragraph)) {
      const target = relations.get(id);
      if (target) addMedia(zip, target, starts[index] ?? null, found, imageSize);
    }
    if (found.full()) break;
  }
  // Pictures only in headers, footers or nowhere: no page to name.
  for (const name of zip
    .names()
    .filter((n) => n.startsWith('word/media/'))
    .sort())
    addMedia(zip, name, null, found, imageSize);
  return found.images;
}

/** Slides in the text parser's order (slide number), each picture on the slide that shows it. */
async function pptxImages(bytes, limits) {
  const { imageSize } = await import('image-size');
  const zip = readZip(bytes);
  const slides = slideEntries(zip);
  const found = collector(limits);
  for (const [index, slide] of slides.entries()) {
    const rels = zip.read(`ppt/slides/_rels/slide${slide.n}.xml.rels`)?.toString('utf8') ?? '';
    const relations = imageRelations(rels, 'ppt/slides');
    for (const id of embedsIn(zip.read(slide.name)?.toString('utf8') ?? '')) {
      const target = relations.get(id);
      if (target) addMedia(zip, target, index + 1, found, imageSize);
    }
    if (found.full()) break;
  }
  // Layout and master pictures (logos on every slide) and unused media: kept without a slide.
  for (const name of zip
    .names()
    .filter((n) => n.startsWith('ppt/media/'))
    .sort())
    addMedia(zip, name, null, found, imageSize);
  return found.images;
}

/**
 * @param {string} kind @param {Buffer} bytes @param {ImageLimits} limits
 * @param {{ pageStarts: (xml: string) => number[] }} text
 * @returns {Promise<FoundImage[]>}
 */
export async function extractImages(kind, bytes, limits, text) {
  switch (kind) {
    case 'pdf':
      return pdfImages(bytes, limits);
    case 'docx':
      return docxImages(bytes, limits, text);
    case 'pptx':
      return pptxImages(bytes, limits);
    default:
      // Word and PowerPoint 97-2003 and web pages: no pictures are read from them.
      return [];
  }
}
