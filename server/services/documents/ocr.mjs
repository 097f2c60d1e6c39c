// Optical character recognition for pdf pages without a text layer (scans), inside the parse worker: the
// page's pictures are decoded by pdf.js and read by tesseract.js with language data from npm packages
// (@tesseract.js-data/*), so nothing is downloaded at run time.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { encodePng, paintedImage, pngInput } from './image-extract.mjs';

const require = createRequire(import.meta.url);

/** Tesseract's language codes shipped as npm packages (package.json), by the code Parley knows them by. */
export const OCR_LANGUAGES = { eng: 'eng', spa: 'spa', ara: 'ara', chi_sim: 'chi_sim' };

/** Pictures smaller than this on either side hold no line of text worth reading (rules, bullets, logos). */
const MIN_SIDE = 64;

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
 * The pictures a page paints, as PNG files, in drawing order (a scan is one picture a page, or strips).
 * @param {any} page a pdf.js page @param {any} OPS
 */
async function pagePictures(page, OPS) {
  const { PNG } = await import('pngjs');
  const ops = await page.getOperatorList();
  const pictures = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (fn !== OPS.paintImageXObject && fn !== OPS.paintInlineImageXObject) continue;
    const [key] = ops.argsArray[i];
    const image = await paintedImage(page, key);
    if (!image?.data || image.width < MIN_SIDE || image.height < MIN_SIDE) continue;
    const input = pngInput(image);
    if (!input) continue;
    pictures.push(encodePng(PNG, image, input));
  }
  return pictures;
}

/**
 * Reads the given pages of an open pdf.js document with tesseract.js, one page after the other, until the
 * deadline: a page not reached keeps its empty text (its number stays right), and what was read is kept.
 * @param {any} pdf @param {any} OPS @param {number[]} numbers 1-based pages to read
 * @param {{ languages: string[], deadline: number, onPage: (done: number, total: number) => void }} options
 * @returns {Promise<Map<number, string>>} text by page number
 */
export async function recognisePages(pdf, OPS, numbers, options) {
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = await languageFolder(options.languages);
  /** @type {Map<number, string>} */
  const found = new Map();
  /** @type {any} */
  let worker = null;
  try {
    // cacheMethod none: the data is read from the packages, never copied beside the server. A failure of
    // tesseract's own thread rejects the call below instead of being thrown out of an event.
    const start = () =>
      createWorker(options.languages, OEM.LSTM_ONLY, {
        langPath,
        cacheMethod: 'none',
        gzip: true,
        errorHandler: () => {},
      });
    for (const [index, number] of numbers.entries()) {
      if (Date.now() >= options.deadline) break;
      options.onPage(index + 1, numbers.length);
      const page = await pdf.getPage(number);
      const texts = [];
      for (const picture of await pagePictures(page, OPS)) {
        if (Date.now() >= options.deadline) break;
        // Started at the first picture: blank pages without any (empty pages) cost no engine.
        worker ??= await start();
        const { data } = await worker.recognize(picture);
        if (data.text.trim()) texts.push(data.text);
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
