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
export const OCR_LANGUAGES = { eng: 'eng', spa: 'spa', fra: 'fra', ara: 'ara', chi_sim: 'chi_sim' };

/**
 * The shipped languages written in Latin letters, by the code the language detector (eld) gives: a page of one of
 * them read without its data still reads as letters the detector recognises (a French page read in English loses
 * only its accents: "a coté de l'alcove", "diminue ca et 1a"), and is read again with it (see openReader).
 */
const LATIN_LANGUAGES = /** @type {Record<string, string>} */ ({ en: 'eng', es: 'spa', fr: 'fra' });
/** Words a reading needs before its language is guessed: a map's few names or a label say nothing of it. */
const MIN_LANGUAGE_WORDS = 20;

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
 * @param {any} page a pdf.js page @param {any} OPS @param {any} canvases the canvas module, or null
 */
async function pagePictures(page, OPS, canvases) {
  const { PNG } = await import('pngjs');
  const ops = await page.getOperatorList();
  const rotate = Number(page.rotate) || 0;
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
    const pixels = grey(input);
    const turns = shownTurns(ctm, rotate);
    /** @param {number} by a whole factor @param {boolean} [again] a second reading (see smoothlyEnlarged) @returns {Promise<Picture>} */
    const at = async (by, again = false) => {
      // Turned as the page shows it: a scan whose page a viewer turned (/Rotate) is stored on its side (docling's
      // sample_with_rotation_mismatch.pdf), and read as stored its lines ran down the picture.
      const enlarged =
        by === 1
          ? pixels
          : again && canvases && image.width * image.height * by * by <= MAX_PAGE_PIXELS
            ? smoothlyEnlarged(pixels, image, by, canvases)
            : enlarge(pixels, image, by);
      const shown = turn(enlarged, { width: image.width * by, height: image.height * by }, turns);
      return {
        png: encodePng(PNG, shown, { data: shown.data, colorType: 0 }),
        height: shown.height,
        dpi: dpi * by,
        factor: by,
        at,
      };
    };
    pictures.push(await at(factor));
  }
  return { pictures, shapes: filledShapes(ops, OPS) };
}

/**
 * Quarter turns clockwise from a picture as stored to the picture as the page shows it: the direction of its rows
 * through the transformation it is painted with (PDF's y goes up, the screen's down), and the page's own turn
 * (/Rotate, clockwise). A mirrored picture is taken as turned only.
 * @param {number[]} ctm @param {number} rotate
 */
function shownTurns(ctm, rotate) {
  const degrees = (Math.atan2(-ctm[1], ctm[0]) * 180) / Math.PI + rotate;
  return ((Math.round(degrees / 90) % 4) + 4) % 4;
}

/**
 * Grey pixels turned clockwise by quarter turns.
 * @param {Buffer} pixels @param {{ width: number, height: number }} size @param {number} turns 0 to 3
 * @returns {{ data: Buffer, width: number, height: number }}
 */
function turn(pixels, { width, height }, turns) {
  if (turns === 0) return { data: pixels, width, height };
  const out = Buffer.alloc(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at =
        turns === 1
          ? x * height + (height - 1 - y)
          : turns === 2
            ? (height - 1 - y) * width + (width - 1 - x)
            : (width - 1 - x) * height + y;
      out[at] = pixels[y * width + x];
    }
  return turns === 2 ? { data: out, width, height } : { data: out, width: height, height: width };
}

/**
 * tesseract's mean confidence under which a reading of some words is taken for a picture on its side or upside
 * down (letters read turned give garbage of low confidence: 33 on OCRmyPDF's cardinal.pdf upside down, 94 upright;
 * a Russian form read in English, 58; a map's labels, 71), and the words from which it counts (a picture without
 * any gives none or a stray mark; docling's upside-down ocr_test_rotated_180.pdf, one sentence of 15 words, gives
 * fewer than 20).
 */
const MIN_CONFIDENCE = 50;
const MIN_TURNED_WORDS = 5;
const TURN_MARGIN = 10;

/** A letter or a digit: what a page's text layer lacks when it is read with OCR. @param {string} text */
const hasWord = (text) => /[\p{L}\p{N}]/u.test(text);
const WORD = /[\p{L}\p{N}]+/gu;

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
 * Grey pixels enlarged by a whole factor by the canvas (Skia) with its high-quality smoothing, as an uploaded picture
 * is: used only for a pdf picture read again enlarged less (see TARGET_ROW), where the bilinear enlargement above
 * turned one letter of a label either way (OCRmyPDF's palette.pdf, a map drawn at 96 dpi: "Mu corre" for "Mugerre"
 * at 3 times, "Tamose" for "Tarnose" at 2; Skia's at 2 reads all six names). A page's first reading keeps the
 * bilinear enlargement the scanned pdfs of the corpus were measured with. The canvas holds 4 bytes a pixel, so a
 * picture enlarged past MAX_PAGE_PIXELS (a drawn page's bound) is enlarged bilinearly again.
 * @param {Buffer} pixels @param {{ width: number, height: number }} size @param {number} factor @param {any} canvases
 */
function smoothlyEnlarged(pixels, { width, height }, factor, canvases) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < pixels.length; p++) {
    rgba[p * 4] = rgba[p * 4 + 1] = rgba[p * 4 + 2] = pixels[p];
    rgba[p * 4 + 3] = 255;
  }
  const source = canvases.createCanvas(width, height);
  source.getContext('2d').putImageData(new canvases.ImageData(rgba, width, height), 0, 0);
  const canvas = canvases.createCanvas(width * factor, height * factor);
  const context = canvas.getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const data = Buffer.from(context.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
  return grey({ data, colorType: 6 });
}

/**
 * @typedef {{ png: Buffer, height: number, dpi: number, turnable?: boolean, shrunk?: boolean, factor?: number, at?: (factor: number, again?: boolean) => Promise<Picture> }} Picture
 * a picture to read: a PNG (or, where no canvas loads, an uploaded picture's own bytes, which are not turned), its
 * height and its resolution; `factor`: how much it was enlarged, and `at` gives it enlarged by another factor
 */

/**
 * Median height in pixels of the lines tesseract read (the row height it measures: ascenders to descenders), and
 * the height it reads best at, TARGET_ROW, about that of a book's letters scanned at 300 dpi (a photographed bill
 * enlarged to 300 dpi reads 37, a scanned letter 36). A picture enlarged towards 300 dpi as if it showed a whole
 * page may show a map or a label whose letters were already large: where the whole factor that brings its lines
 * nearest TARGET_ROW is at least one smaller, it is read again so, and that reading is kept when it is surer by
 * RESCALE_MARGIN (the same words read twice differ by a point or two). OCRmyPDF's map of Baiona, 640 by 682 pixels,
 * enlarged 4 times had lines of 70 to 77 pixels and lost one or two of its 8 place names in two of its codings; read
 * at twice its size, none, 10 to 17 points surer.
 */
const TARGET_ROW = 40;
const RESCALE_MARGIN = 5;

/** The median row height of the words read with some confidence, or 0. @param {any} data tesseract.js's page */
function medianRow(data) {
  /** @type {number[]} */
  const rows = [];
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs ?? [])
      for (const line of paragraph.lines ?? [])
        if (line.confidence >= MIN_CONFIDENCE && line.rowAttributes?.rowHeight > 0)
          for (const _ of line.words ?? []) rows.push(line.rowAttributes.rowHeight);
  rows.sort((a, b) => a - b);
  return rows.length ? rows[Math.floor(rows.length / 2)] : 0;
}

/** The detector's n-gram tables (eld's small set), loaded at the first reading long enough to guess from. */
let detector = /** @type {Promise<typeof import('eld/small')> | null} */ (null);

/**
 * The tesseract code of the shipped Latin-script language a reading is in (LATIN_LANGUAGES), or null: too few
 * words, another language, or the detector unsure.
 * @param {string} text
 */
async function latinLanguageOf(text) {
  if ((text.match(WORD) ?? []).length < MIN_LANGUAGE_WORDS) return null;
  detector ??= import('eld/small');
  const { eld } = await detector;
  const found = eld.detect(text.slice(0, 20_000));
  return found.isReliable() ? (LATIN_LANGUAGES[found.language] ?? null) : null;
}

/**
 * One tesseract.js engine for a document, started at the first picture (blank pages without any cost no engine):
 * `read` gives a picture's text, `close` ends the engine and removes the language folder.
 * @param {{ languages: string[], deadline: number }} options
 */
async function openReader(options) {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const langPath = await languageFolder(Object.values(OCR_LANGUAGES));
  /** The languages read in: the document's, and one of LATIN_LANGUAGES its pages turn out to be in. */
  let languages = [...options.languages];
  /** Languages tried already, kept or not: each is tried once a document. */
  const tried = new Set(languages);
  /** @type {any} */
  let worker = null;
  // cacheMethod none: the data is read from the packages, never copied beside the server. A failure of
  // tesseract's own thread rejects the call below instead of being thrown out of an event.
  const start = async () => {
    const started = await createWorker(languages, OEM.LSTM_ONLY, {
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
  /** @param {Picture} picture @returns {Promise<{ text: string, confidence: number }>} */
  const readOnce = async (picture) => {
    worker ??= await start();
    // The PNG carries no resolution, and without one tesseract takes 70 dpi and misjudges the size of the
    // letters it looks for: pdf.js's issue7229.pdf (a form scanned at 200 dpi, enlarged to 400) lost a third
    // of its words. The resolution the picture is drawn at is known: tesseract is told it.
    // tesseract takes 70 to 2400 dpi as credible (a picture drawn tiny or huge is told the nearest).
    // 0: none known; tesseract then estimates it from the size of the letters, as its command line does.
    const dpi = picture.dpi === 0 ? 0 : Math.round(Math.min(2400, Math.max(70, picture.dpi || TARGET_DPI)));
    await worker.setParameters({ user_defined_dpi: String(dpi) });
    let { data } = await worker.recognize(picture.png, {}, { text: true, blocks: true });
    // Looking for a layout, tesseract takes a label in a frame for a drawing and reads nothing in it (as one
    // block too): a picture a few lines high is then read again for scattered words (sparse text).
    if (!data.text.trim() && picture.height <= ONE_BLOCK_HEIGHT) {
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      ({ data } = await worker.recognize(picture.png));
      await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    }
    // Words read with little confidence: the page may show the scan turned (a page scanned upside down,
    // or turned by the transformation it is drawn with, OCRmyPDF's cardinal.pdf). The other three turns are
    // read until one is read with confidence; the surest reading is kept, a turned one only when it is surer
    // by TURN_MARGIN (tesseract turns lines on their side itself, so a blurred diagram read a quarter turn
    // off can come out a few points surer and no better: pdf.js's issue13561_reduced.pdf, 36 against 32).
    if (
      picture.turnable !== false &&
      data.confidence < MIN_CONFIDENCE &&
      (data.text.match(WORD) ?? []).length >= MIN_TURNED_WORDS
    ) {
      const shown = data;
      const { PNG } = await import('pngjs');
      const decoded = PNG.sync.read(picture.png);
      const pixels = grey({ data: decoded.data, colorType: 6 });
      for (const turns of [2, 1, 3]) {
        if (Date.now() >= options.deadline) break;
        const turned = turn(pixels, decoded, turns);
        const again = (await worker.recognize(encodePng(PNG, turned, { data: turned.data, colorType: 0 })))
          .data;
        if (again.confidence > Math.max(data.confidence, shown.confidence + TURN_MARGIN)) data = again;
        if (data.confidence >= MIN_CONFIDENCE) break;
      }
    }
    // Letters enlarged past what tesseract reads best (see TARGET_ROW): read again enlarged less, the surer kept.
    const rows = medianRow(data);
    const enlarged = picture.factor ?? 1;
    const factor = rows ? Math.max(1, Math.round((enlarged * TARGET_ROW) / rows)) : enlarged;
    // Only a reading of some words: a photo without any gives a stray mark or two, which a second reading may only
    // make surer.
    const some = (data.text.match(WORD) ?? []).length >= MIN_TURNED_WORDS;
    if (picture.at && some && factor <= enlarged - 1 && Date.now() < options.deadline) {
      // Not told a resolution: the one it was told (a pdf picture's) misjudged the size of its letters.
      const again = await readOnce({ ...(await picture.at(factor, true)), dpi: 0, at: undefined });
      if (again.text && again.confidence > data.confidence + RESCALE_MARGIN) return again;
    }
    return { text: data.text.trim() ? data.text : '', confidence: data.confidence };
  };
  /** A new engine for the next reading, in these languages. @param {string[]} codes */
  const switchTo = async (codes) => {
    languages = codes;
    await worker?.terminate();
    worker = null;
  };
  /**
   * A picture's text. A reading in another shipped language written in Latin letters (LATIN_LANGUAGES), as the
   * detector finds it, is read again with that language added, and the surer reading is kept; a language that
   * reads surer stays for the rest of the document. OCRmyPDF's francais.pdf, a French page, read in English
   * lost every accent ("capharnalim" for "capharnaüm", "1a" for "là"); read in English and French, it reads as
   * printed, confidence 94 against 87, for 2 seconds more.
   * @param {Picture} picture @returns {Promise<{ text: string, confidence: number }>}
   */
  const read = async (picture) => {
    const first = await readOnce(picture);
    const code = await latinLanguageOf(first.text);
    if (!code || tried.has(code) || Date.now() >= options.deadline) return first;
    tried.add(code);
    const before = languages;
    await switchTo([...languages, code]);
    const again = await readOnce(picture);
    if (again.text && again.confidence > first.confidence) return again;
    await switchTo(before);
    return first;
  };
  /**
   * A picture read straightened: tesseract finds its lines' slant and reads it turned straight (rotateAuto; under
   * 0.3 degrees it is left as it is). Given in colour: tesseract.js straightens a grey picture into a blank one.
   * @param {Buffer} image a PNG, JPEG or WebP file @returns {Promise<{ text: string, confidence: number }>}
   */
  const readStraightened = async (image) => {
    worker ??= await start();
    await worker.setParameters({ user_defined_dpi: '0' });
    const { data } = await worker.recognize(image, { rotateAuto: true });
    return { text: data.text.trim() ? data.text : '', confidence: data.confidence };
  };
  return {
    read,
    readStraightened,
    async close() {
      await worker?.terminate();
      await rm(langPath, { recursive: true, force: true });
    },
  };
}

/**
 * Reads the given pages of an open pdf.js document with tesseract.js, one page after the other, until the
 * deadline: a page not reached keeps its empty text (its number stays right), and what was read is kept.
 * @param {any} pdf @param {any} OPS @param {number[]} numbers 1-based pages to read
 * @param {{ languages: string[], deadline: number, onPage: (done: number, total: number) => void }} options
 * @returns {Promise<Map<number, string>>} text by page number
 */
export async function recognisePages(pdf, OPS, numbers, options) {
  const reader = await openReader(options);
  const canvases = await canvasModule();
  /** @type {Map<number, string>} */
  const found = new Map();
  try {
    for (const [index, number] of numbers.entries()) {
      if (Date.now() >= options.deadline) break;
      options.onPage(index + 1, numbers.length);
      const page = await pdf.getPage(number);
      const texts = [];
      const { pictures, shapes } = await pagePictures(page, OPS, canvases);
      for (const picture of pictures) {
        if (Date.now() >= options.deadline) break;
        const { text } = await reader.read(picture);
        if (text) texts.push(text);
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
        const text = drawn ? (await reader.read(drawn)).text : '';
        if (text) texts.push(text);
      }
      page.cleanup();
      found.set(number, texts.join('\n'));
    }
  } finally {
    await reader.close();
  }
  return found;
}

/**
 * A page's longer side in inches (A4 is 11.7, US Letter 11): an uploaded picture of a page carries no trustworthy
 * resolution (phones and screenshots write 72), so the one it would have if it showed a whole page decides whether
 * it is enlarged.
 */
const PAGE_INCHES = 11.5;

/**
 * An uploaded picture (png, jpeg or webp) as a grey PNG to read: decoded by the canvas (Skia), which turns a JPEG
 * by its EXIF orientation, so a phone photo taken sideways is read upright; shrunk to MAX_PAGE_PIXELS when larger
 * (a 48-megapixel photo is read at half its sides), enlarged towards 300 dpi when it would show a page at fewer.
 * @param {Buffer} bytes @param {any} canvases @returns {Promise<Picture>}
 */
async function uprightPicture(bytes, canvases, enlarge = true) {
  const image = await canvases.loadImage(bytes);
  const { width, height } = image;
  // A picture that would show a whole page at under 300 dpi is enlarged towards 300 dpi, as a scan drawn small in a
  // pdf is: a bill photographed at 124 dpi went from 0.95 to 1.00 word recall against tesseract's command line, an
  // old newspaper page at 174 dpi from 0.92 to 0.96.
  const pageDpi = Math.max(width, height) / PAGE_INCHES;
  let factor = Math.min(1, Math.sqrt(MAX_PAGE_PIXELS / (width * height)));
  if (enlarge && factor === 1 && pageDpi < TARGET_DPI)
    factor = Math.max(
      1,
      Math.min(MAX_ENLARGE, TARGET_DPI / pageDpi, Math.sqrt(MAX_ENLARGED_PIXELS / (width * height))),
    );
  const { PNG } = await import('pngjs');
  /** @param {number} by @returns {Promise<Picture>} */
  const at = async (by) => {
    const w = Math.max(1, Math.round(width * by));
    const h = Math.max(1, Math.round(height * by));
    const canvas = canvases.createCanvas(w, h);
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, w, h);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, w, h);
    const pixels = grey({ data: Buffer.from(context.getImageData(0, 0, w, h).data.buffer), colorType: 6 });
    return {
      png: encodePng(PNG, { width: w, height: h }, { data: pixels, colorType: 0 }),
      height: h,
      // Not told a resolution: phones and screenshots write 72 dpi whatever they show, and the page's size is a
      // guess (the picture may show a label or a map); told the guess, a map's few labels at 59 dpi enlarged 4 times
      // lost a quarter of them (0.57 to 0.75 word recall in six codings of it, 1.00 as estimated by tesseract).
      dpi: 0,
      shrunk: by < 1,
      factor: by,
      at,
    };
  };
  return at(factor);
}

/** @param {Buffer} png @returns {Promise<Buffer>} the same picture as an RGBA PNG */
async function inColour(png) {
  const { PNG } = await import('pngjs');
  return PNG.sync.write(PNG.sync.read(png));
}

/** A reading of fewer than MIN_TURNED_WORDS words, or under MIN_CONFIDENCE. */
const unsure = (/** @type {{ text: string, confidence: number }} */ reading) =>
  (reading.text.match(WORD) ?? []).length < MIN_TURNED_WORDS || reading.confidence < MIN_CONFIDENCE;

/**
 * Reads uploaded pictures of pages (one, or a TIFF's pages given as PNGs decoded one at a time), one page each, with
 * one engine, one after the other until the deadline: a page not reached keeps its empty text.
 * @param {(() => Promise<Buffer>)[]} pictures
 * @param {{ languages: string[], deadline: number, onPage: (done: number, total: number) => void }} options
 * @returns {Promise<string[]>}
 */
export async function recogniseImages(pictures, options) {
  const canvases = await canvasModule();
  const reader = await openReader(options);
  const texts = pictures.map(() => '');
  try {
    for (const [index, picture] of pictures.entries()) {
      if (Date.now() >= options.deadline) break;
      options.onPage(index + 1, pictures.length);
      texts[index] = await recogniseImage(await picture(), canvases, reader, options);
    }
  } finally {
    await reader.close();
  }
  return texts;
}

/**
 * Reads one uploaded picture of a page. Where no canvas loads, tesseract.js decodes the picture itself (it turns a
 * JPEG by its EXIF orientation too), at its own size.
 * @param {Buffer} bytes @param {any} canvases @param {Awaited<ReturnType<typeof openReader>>} reader
 * @param {{ deadline: number }} options
 * @returns {Promise<string>}
 */
async function recogniseImage(bytes, canvases, reader, options) {
  let picture;
  if (canvases) picture = await uprightPicture(bytes, canvases);
  else {
    const { imageSize } = await import('image-size');
    const size = imageSize(bytes);
    const height = size.height ?? 0;
    picture = { png: bytes, height, dpi: 0, turnable: false };
  }
  let { text, confidence } = await reader.read(picture);
  // Read unsure: the page may be photographed or scanned a few degrees off, and a picture of big letters (a
  // screenshot) enlarged towards a page at 300 dpi has letters too big for tesseract. It is read straightened,
  // as uploaded and at its own size upright, and the surest reading with words is kept. Tika's testRotated-10.png
  // and testRotated+10.png, pages of prose turned 10 degrees either way, read as garbage or nothing before; now
  // as their prose (each needs one of the two).
  if (canvases && unsure({ text, confidence })) {
    const own = await uprightPicture(bytes, canvases, false);
    // As uploaded only when tesseract would not have to hold more pixels than a page read here has.
    const asUploaded = own.shrunk ? [] : [bytes];
    for (const image of [...asUploaded, await inColour(own.png)]) {
      if (Date.now() >= options.deadline) break;
      const again = await reader.readStraightened(image);
      if (again.text && again.confidence > confidence + TURN_MARGIN) ({ text, confidence } = again);
    }
  }
  // A photo without words gives tesseract a few marks it reads as letters, unsure (Tika's test photos: "we" at
  // 17, "y of" at 48, against 83 to 95 for a line of 4 or 5 real words): that is no text.
  const words = (text.match(WORD) ?? []).length;
  return words < MIN_TURNED_WORDS && confidence < MIN_CONFIDENCE ? '' : text;
}
