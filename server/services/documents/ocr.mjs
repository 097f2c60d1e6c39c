// Optical character recognition for pdf pages without a text layer (scans), inside the parse worker: the
// page's pictures are decoded by pdf.js and read by tesseract.js with language data from npm packages
// (@tesseract.js-data/*), so nothing is downloaded at run time.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { encodePng, GRAYSCALE_1BPP, paintedImage, pngInput } from './image-extract.mjs';

const require = createRequire(import.meta.url);

/** Tesseract's language codes shipped as npm packages (package.json), by the code Parley knows them by. */
export const OCR_LANGUAGES = { eng: 'eng', spa: 'spa', ara: 'ara', chi_sim: 'chi_sim' };

/**
 * Pictures lower than MIN_HEIGHT or narrower than MIN_WIDTH hold no word worth reading (rules, bullets, icons).
 * A picture may be one line of a page: a label, or one strip of a scan stored in strips.
 */
const MIN_HEIGHT = 24;
const MIN_WIDTH = 48;
/**
 * tesseract is trained on pages scanned at about 300 dots per inch: a picture drawn at fewer is enlarged (smoothly,
 * in grey) by a whole factor towards it, at most MAX_ENLARGE times. A page scanned at 80 dpi lost one word in nine.
 */
const TARGET_DPI = 300;
const MAX_ENLARGE = 4;
/**
 * Pixels an enlarged picture may have: a large picture stretched over a poster-sized page is enlarged less, so that
 * its grey copy (one byte a pixel, outside the heap) and tesseract's work stay bounded; an A4 page at 300 dpi has 8.7
 * million.
 */
const MAX_ENLARGED_PIXELS = 36_000_000;
/** Height in pixels (once enlarged) up to which a picture in which no layout was found is read as sparse text. */
const ONE_BLOCK_HEIGHT = 400;
/**
 * Pixels of a page drawn for reading: an A4 page at 300 dpi has 8.7 million (35 MB in the canvas, outside the
 * heap); a larger page is drawn at fewer dots per inch.
 */
const MAX_PAGE_PIXELS = 12_000_000;

/**
 * The canvas pdf.js draws pages on in Node (@napi-rs/canvas, prebuilt for the common platforms), or null where it
 * cannot load: the page's pictures are then read one by one.
 * @returns {Promise<any>}
 */
async function canvasModule() {
  try {
    return await import('@napi-rs/canvas');
  } catch {
    return null;
  }
}

/**
 * A page drawn as a reader sees it, at 300 dpi on white, as PNG. The drawn page shows what its pictures read one
 * by one do not: a picture seen through a stencil mask (the words of pdf.js's issue13561_reduced.pdf are in a
 * picture that fills a mask's shapes; the mask alone was black shapes), pictures laid over one another.
 * @param {any} page a pdf.js page @param {any} canvases @returns {Promise<{ png: Buffer, height: number, dpi: number }>}
 */
async function drawnPage(page, canvases) {
  const unit = page.getViewport({ scale: 1 });
  const scale = Math.min(TARGET_DPI / 72, Math.sqrt(MAX_PAGE_PIXELS / (unit.width * unit.height)));
  const viewport = page.getViewport({ scale });
  const canvas = canvases.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, canvas, viewport }).promise;
  return { png: await canvas.encode('png'), height: canvas.height, dpi: scale * 72 };
}

/**
 * A folder holding the languages' data: tesseract.js reads every language from one folder (given several
 * files as bytes it names them wrongly), and each npm package has its own. The folder holds links to the
 * LSTM-only integer models (4.0.0_best_int: a quarter of the size of the full ones, the engine tesseract.js
 * runs by default), gzipped as the packages ship them, and is removed after the document.
 * @param {string[]} codes
 */
async function languageFolder(codes) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'parley-ocr-'));
  for (const code of codes) {
    const root = path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    const file = `${code}.traineddata.gz`;
    await symlink(path.join(root, '4.0.0_best_int', file), path.join(folder, file));
  }
  return folder;
}

/**
 * Filled shapes from which a page without pictures is drawn and read: text turned into outlines (a print-ready file,
 * OCRmyPDF's vector.pdf: 126 filled shapes, no text layer, no picture) is only shapes. A blank page paints none; a
 * frame or a few rules fewer than this.
 */
const MIN_SHAPES = 20;

/** The pdf.js operators that fill a path (as its own operator, or as the one a constructPath ends with). */
const fillOps = (/** @type {any} */ OPS) =>
  new Set([
    OPS.fill,
    OPS.eoFill,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);

/**
 * Filled shapes a page paints (see MIN_SHAPES). @param {any} ops an operator list @param {any} OPS
 */
function filledShapes(ops, OPS) {
  const fills = fillOps(OPS);
  let shapes = 0;
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (fills.has(fn) || (fn === OPS.constructPath && fills.has(ops.argsArray[i]?.[0]))) shapes++;
  }
  return shapes;
}

/**
 * The pictures a page paints, as PNG files, in drawing order (a scan is one picture a page, or strips). An image
 * mask (one bit a pixel, painted in the fill colour where a bit is 0) is read as black on white. The size a
 * picture is drawn at comes from the transformation in force where it is painted (a picture fills the unit square).
 * @param {any} page a pdf.js page @param {any} OPS
 */
async function pagePictures(page, OPS) {
  const { PNG } = await import('pngjs');
  const ops = await page.getOperatorList();
  const pictures = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  /** @type {number[][]} */
  const saved = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (fn === OPS.save) saved.push(ctm);
    else if (fn === OPS.restore) ctm = saved.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, ops.argsArray[i]);
    const mask = fn === OPS.paintImageMaskXObject;
    if (fn !== OPS.paintImageXObject && fn !== OPS.paintInlineImageXObject && !mask) continue;
    const [key] = ops.argsArray[i];
    let image = mask ? key : await paintedImage(page, key);
    // A mask's bits arrive by name (pdf.js sends large ones apart from the operator list).
    if (mask && typeof image?.data === 'string') image = await paintedImage(page, image.data);
    if (!image?.data || image.width < MIN_WIDTH || image.height < MIN_HEIGHT) continue;
    const input = pngInput(mask ? { ...image, kind: GRAYSCALE_1BPP } : image);
    if (!input) continue;
    // Dots per inch across and down: pixels over the drawn size in points (72 to the inch).
    const dpi = Math.min(
      (72 * image.width) / (Math.hypot(ctm[0], ctm[1]) || 72),
      (72 * image.height) / (Math.hypot(ctm[2], ctm[3]) || 72),
    );
    const bound = Math.floor(Math.sqrt(MAX_ENLARGED_PIXELS / (image.width * image.height)));
    const factor = Math.max(1, Math.min(MAX_ENLARGE, bound, Math.round(TARGET_DPI / dpi)));
    const size = { width: image.width * factor, height: image.height * factor };
    const pixels = grey(input);
    pictures.push({
      png: encodePng(PNG, size, {
        data: factor === 1 ? pixels : enlarge(pixels, image, factor),
        colorType: 0,
      }),
      height: size.height,
      dpi: dpi * factor,
    });
  }
  return { pictures, shapes: filledShapes(ops, OPS) };
}

/** A letter or a digit: what a page's text layer lacks when it is read with OCR. @param {string} text */
const hasWord = (text) => /[\p{L}\p{N}]/u.test(text);

/** @param {number[]} m @param {number[]} n the transformation n applied inside m (PDF's cm) */
const multiply = (m, n) => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];

/** One grey byte a pixel, transparent parts white. @param {{ data: Buffer, colorType: 0 | 2 | 6 }} input */
function grey({ data, colorType }) {
  if (colorType === 0) return data;
  const channels = colorType === 6 ? 4 : 3;
  const out = Buffer.alloc(data.length / channels);
  for (let p = 0, q = 0; q < out.length; p += channels, q++) {
    const luma = (299 * data[p] + 587 * data[p + 1] + 114 * data[p + 2]) / 1000;
    const alpha = channels === 4 ? data[p + 3] / 255 : 1;
    out[q] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return out;
}

/**
 * Grey pixels enlarged by a whole factor, each new pixel mixed from the four nearest (bilinear): repeated pixels
 * would give letters stair-stepped edges.
 * @param {Buffer} pixels @param {{ width: number, height: number }} size @param {number} factor
 */
function enlarge(pixels, { width, height }, factor) {
  const out = Buffer.alloc(width * factor * height * factor);
  for (let y = 0; y < height * factor; y++) {
    const sy = Math.min(height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width * factor; x++) {
      const sx = Math.min(width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = pixels[y0 * width + x0] * (1 - fx) + pixels[y0 * width + x1] * fx;
      const bottom = pixels[y1 * width + x0] * (1 - fx) + pixels[y1 * width + x1] * fx;
      out[y * width * factor + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return out;
}

/**
 * Reads the given pages of an open pdf.js document with tesseract.js, one page after the other, until the
 * deadline: a page not reached keeps its empty text (its number stays right), and what was read is kept.
 * @param {any} pdf @param {any} OPS @param {number[]} numbers 1-based pages to read
 * @param {{ languages: string[], deadline: number, onPage: (done: number, total: number) => void }} options
 * @returns {Promise<Map<number, string>>} text by page number
 */
export async function recognisePages(pdf, OPS, numbers, options) {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const langPath = await languageFolder(options.languages);
  const canvases = await canvasModule();
  /** @type {Map<number, string>} */
  const found = new Map();
  /** @type {any} */
  let worker = null;
  try {
    // cacheMethod none: the data is read from the packages, never copied beside the server. A failure of
    // tesseract's own thread rejects the call below instead of being thrown out of an event.
    const start = async () => {
      const started = await createWorker(options.languages, OEM.LSTM_ONLY, {
        langPath,
        cacheMethod: 'none',
        gzip: true,
        errorHandler: () => {},
      });
      // tesseract's library reads a picture as one block of text unless told otherwise (its command line finds
      // the layout): the lines of a two-column page then ran across both columns, and a heading was garbled.
      await started.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
      return started;
    };
    for (const [index, number] of numbers.entries()) {
      if (Date.now() >= options.deadline) break;
      options.onPage(index + 1, numbers.length);
      const page = await pdf.getPage(number);
      const texts = [];
      const { pictures, shapes } = await pagePictures(page, OPS);
      const read = async (/** @type {{ png: Buffer, height: number, dpi: number }} */ picture) => {
        // Started at the first picture: blank pages without any (empty pages) cost no engine.
        worker ??= await start();
        // The PNG carries no resolution, and without one tesseract takes 70 dpi and misjudges the size of the
        // letters it looks for: pdf.js's issue7229.pdf (a form scanned at 200 dpi, enlarged to 400) lost a third
        // of its words. The resolution the picture is drawn at is known: tesseract is told it.
        // tesseract takes 70 to 2400 dpi as credible (a picture drawn tiny or huge is told the nearest).
        const dpi = Math.round(Math.min(2400, Math.max(70, picture.dpi || TARGET_DPI)));
        await worker.setParameters({ user_defined_dpi: String(dpi) });
        let { data } = await worker.recognize(picture.png);
        // Looking for a layout, tesseract takes a label in a frame for a drawing and reads nothing in it (as one
        // block too): a picture a few lines high is then read again for scattered words (sparse text).
        if (!data.text.trim() && picture.height <= ONE_BLOCK_HEIGHT) {
          await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
          ({ data } = await worker.recognize(picture.png));
          await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
        }
        if (data.text.trim()) texts.push(data.text);
      };
      for (const picture of pictures) {
        if (Date.now() >= options.deadline) break;
        await read(picture);
      }
      // Pictures that gave no word are read once more as the page draws them, where a canvas loads: what only
      // drawing shows (a picture seen through a stencil mask, pictures laid over one another) is then read. Read
      // first one by one, each at its own resolution, the pictures of most scans read better than the drawn page
      // (in the corpus benchmark, 3 scans lost words when only the drawn page was read, 2 pictures gained them).
      // A page of shapes without pictures (text turned into outlines) is read as drawn too.
      const drawable = pictures.length > 0 || shapes >= MIN_SHAPES;
      if (drawable && !texts.some(hasWord) && canvases && Date.now() < options.deadline) {
        texts.length = 0;
        const drawn = await drawnPage(page, canvases).catch(() => null);
        if (drawn) await read(drawn);
      }
      page.cleanup();
      found.set(number, texts.join('\n'));
    }
  } finally {
    await worker?.terminate();
    await rm(langPath, { recursive: true, force: true });
  }
  return found;
}
