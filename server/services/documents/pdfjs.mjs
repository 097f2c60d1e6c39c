// pdf.js as the parse worker loads it: the official legacy build of pdfjs-dist, whose Node build decodes JPEG 2000
// and JBIG2 pictures. unpdf's bundled copy leaves those decoders out, so a scan stored as JPEG 2000 had no picture to
// read. Character maps and standard fonts come from the package's folders as paths (pdf.js's Node reader loads them
// with fs.readFile), the decoders from its wasm folder (see wasmUrl). One fix to its text extraction is applied where
// its worker code is loaded (see CLIP_TEST and BIDI_GLYPHS).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name) => `${path.join(root, name)}${path.sep}`;

/** getDocument's options: data folders, no eval of font programs, and only errors logged. */
const OPTIONS = {
  cMapUrl: folder('cmaps'),
  cMapPacked: true,
  standardFontDataUrl: folder('standard_fonts'),
  // A file: URL, as the worker code runs from a data: URL, from which a bare path cannot be imported: the decoders'
  // JavaScript builds are imported from it. Their wasm builds do not load from it (Node's fetch takes no file:), nor
  // would they run on Node 20 (its wasm lacks relaxed SIMD); the JavaScript ones decode the same pictures.
  wasmUrl: pathToFileURL(folder('wasm')).href,
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: true,
  verbosity: 0,
};

// pdf.js leaves a glyph out of a page's text when it lies off the page, but it compares the glyph's place on the
// page with its width before the text matrix scales it: a glyph drawn large through the text matrix, whose origin
// lies just off the page while most of it is on it, is dropped ("otenti" for "potenti" in pdf.js's own
// bug946506.pdf, skewed words cut by the page edge, which pdftotext reads whole). The fix drops a glyph only when
// its box on the page (its advance and its height through the text matrix) misses the page. The minified build
// (it loads in half the time of the plain one, in every parse's new thread) keeps the function's name and renames
// its variables: CLIP_TEST finds them. A pdfjs-dist whose code differs is loaded as it is (the regression test
// on bug946506.pdf then fails).
const CLIP_TEST =
  /(function compareWithLastPosition\((\w+)\)\{const (\w+)=getCurrentTextTransform\(\);let (\w+)=\3\[4\],(\w+)=\3\[5\];if\((\w+)\.font\?\.vertical\)\{if\([^{}]*\)return!1\}else if\()\4\+\2<(\w+)\[0\]\|\|\4>\7\[2\]\|\|\5<\7\[1\]\|\|\5>\7\[3\](\)return!1;)/;
/** The condition under which the glyph is dropped, in the names CLIP_TEST found. */
const clipFix = (width, transform, x, y, state, box) =>
  `((m,k)=>{const xs=[${x},${x}+k*m[0],${x}+m[2],${x}+k*m[0]+m[2]],ys=[${y},${y}+k*m[1],${y}+m[3],${y}+k*m[1]+m[3]];` +
  `return Math.max(...xs)<${box}[0]||Math.min(...xs)>${box}[2]||Math.max(...ys)<${box}[1]||Math.min(...ys)>${box}[3]})` +
  `(${transform},${width}/(${state}.fontSize||1))`;

// pdf.js turns a right-to-left run drawn in visual order into logical order by reversing its characters, but
// one glyph can stand for several letters: Arabic's lam-alef ligatures map to lam then alef. Reversed letter by
// letter they come out alef-lam ("اإلنتاجية" for "الإنتاجية", "المشكالت" for "المشكلات"; pdftotext does the same),
// so no word with them matches what a reader types. The fix reverses each such glyph's letters before the run is
// reversed, so they come out in their order. BIDI_GLYPHS finds where the run's glyphs are joined.
const BIDI_GLYPHS = /function runBidiTransform\((\w+)\)\{let (\w+)=\1\.str\.join\(""\);/;
/** A glyph of several right-to-left letters (Hebrew, Arabic and their presentation forms), in the names found. */
const bidiGlyphsFix = (chunk, text) =>
  `function runBidiTransform(${chunk}){let ${text}=${chunk}.str.map(g=>g.length>1&&/^[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+$/.test(g)?[...g].reverse().join(""):g).join("");`;

/** @type {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined} */
let loaded;

/**
 * pdf.js with the fixed worker code: pdf.js runs its worker in this thread when globalThis.pdfjsWorker holds one.
 */
export function loadPdfjs() {
  loaded ??= (async () => {
    const source = await readFile(path.join(root, 'legacy', 'build', 'pdf.worker.min.mjs'), 'utf8');
    const match = CLIP_TEST.exec(source);
    const clipped = match
      ? source.replace(CLIP_TEST, () => {
          const [, head, width, transform, x, y, state, box, tail] = match;
          return `${head}${clipFix(width, transform, x, y, state, box)}${tail}`;
        })
      : source;
    const bidi = BIDI_GLYPHS.exec(clipped);
    const fixed = bidi ? clipped.replace(BIDI_GLYPHS, () => bidiGlyphsFix(bidi[1], bidi[2])) : clipped;
    // Imported from memory: no copy on disk to leave behind when a parse is stopped at its limits.
    globalThis.pdfjsWorker = await import(
      `data:text/javascript;base64,${Buffer.from(fixed).toString('base64')}`
    );
    return import('pdfjs-dist/legacy/build/pdf.min.mjs');
  })();
  return loaded;
}

/** Opens a pdf (no stopAtErrors: pdf.js then skips a broken object inside a page). @param {Uint8Array} data */
export async function openPdf(data) {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({ data, ...OPTIONS }).promise;
}
