// Runs in a worker thread with a small heap (see parse.ts): turns one file into pages of text. Anything a
// hostile or broken file can do here (exhaust memory, loop, throw) ends this thread, never the server.
// Plain JavaScript so the thread starts without a TypeScript loader.
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { paginateLines } from './pagination.mjs';
import { ArchiveError, readZip, slideEntries } from './zip-reader.mjs';

/** Text kept per document; beyond it the rest is dropped (still answered from the first part). */
const MAX_TEXT_CHARS = 5_000_000;

class ParseError extends Error {
  /** @param {string} reason @param {string} message */
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** @param {string} text */
const decodeXml = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, name) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[/** @type {keyof typeof ENTITIES} */ (name.toLowerCase())] ?? '';
  });

/** Character data of an element: CDATA sections as they are (Word 2003 XML writes text so), the rest decoded. @param {string} raw */
const xmlText = (raw) =>
  raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeXml(part)))
    .join('');

/** @param {string} text */
const tidy = (text) =>
  text
    // A soft hyphen is only drawn where a line breaks inside a word: in running text it would split the word.
    .replace(/\u00ad/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * Pages of text whose page breaks are form feeds (see pagination.mjs): estimated when it has none.
 * @param {string[]} lines @returns {{ pages: string[], estimated: boolean }}
 */
function pagesOfLines(lines) {
  const { pages, estimated } = paginateLines(lines);
  return { pages: dropEmptyTail(pages.map(tidy)), estimated };
}

/** @param {string} text */
const pagesOfText = (text) => pagesOfLines(text.split('\n'));

/**
 * Text of one pdf page: pdf.js's text items, line by line, and apart from them the text its annotations
 * draw. @param {any} pdf @param {number} number @returns {Promise<{ text: string, drawn: string }>}
 */
async function pdfPageText(pdf, number) {
  const page = await pdf.getPage(number);
  // pdf.js's own normalisation splits Arabic ligatures before it turns a right-to-left item into logical
  // order, so lam-khah comes out as khah-lam; the text is normalised here instead, once it is in order.
  const content = await page.getTextContent({ disableNormalization: true });
  let drawn = '';
  try {
    drawn = annotationText(await page.getAnnotations({ intent: 'display' }));
  } catch {
    // A broken annotation loses only its own text.
  }
  page.cleanup();
  /** @type {any[][]} */
  const lines = [[]];
  for (const item of content.items) {
    if (item.str == null) continue;
    lines[lines.length - 1].push(item);
    if (item.hasEOL) lines.push([]);
  }
  return { text: lines.map(pdfLineText).join('\n'), drawn };
}

// Annotation flags (PDF 32000 12.5.3) of an annotation that is not shown: Invisible, Hidden, NoView.
const NOT_SHOWN = 1 | 2 | 32;

/**
 * The words a page's annotations show on it: filled-in form fields and comments typed on the page (free
 * text). They are drawn from their own appearance streams, outside the page's content, so pdf.js's text
 * layer leaves them out while a printed page, and pdftotext, show them. pdf.js reads the text of those
 * appearances (textContent); a list or combo box shows the label of the option chosen, not its export value.
 * Pop-up notes and links show no text on the page and are left out.
 * @param {any[]} annotations
 */
function annotationText(annotations) {
  /** @type {string[]} */
  const lines = [];
  for (const annotation of annotations) {
    if (annotation.annotationFlags & NOT_SHOWN || annotation.hidden) continue;
    if (Array.isArray(annotation.textContent) && annotation.textContent.length)
      lines.push(annotation.textContent.join('\n'));
    else if (annotation.fieldType === 'Ch' && annotation.fieldValue != null) {
      const values = Array.isArray(annotation.fieldValue) ? annotation.fieldValue : [annotation.fieldValue];
      const options = Array.isArray(annotation.options) ? annotation.options : [];
      for (const value of values)
        lines.push(String(options.find((option) => option.exportValue === value)?.displayValue ?? value));
    } else if (annotation.subtype === 'FreeText' && annotation.contentsObj?.str)
      lines.push(annotation.contentsObj.str);
  }
  return lines.join('\n');
}

// Presentation forms (Arabic letter shapes and ligatures, Latin and Hebrew ligatures) that pdf fonts map
// glyphs to: NFKC gives the letters a search or a question is typed with.
const PRESENTATION_FORMS = /[\ufb00-\ufdff\ufe70-\ufeff]+/g;

/**
 * One line of pdf.js text items in reading order. Each right-to-left item is already in logical order, but
 * the items come in the order the file draws them, which for Arabic is usually left to right: a line that
 * is mostly right to left and drawn so is read from its right end, keeping runs of left-to-right words and
 * numbers in their own order.
 * @param {any[]} items
 */
function pdfLineText(items) {
  const letters = (/** @type {string} */ dir) =>
    items
      .filter((item) => item.dir === dir)
      .reduce((n, item) => n + (item.str.match(/\p{L}/gu)?.length ?? 0), 0);
  let ordered = items;
  const rtl = items.filter((item) => item.dir === 'rtl');
  if (
    rtl.length > 1 &&
    letters('rtl') > letters('ltr') &&
    rtl[0].transform[4] < rtl[rtl.length - 1].transform[4]
  ) {
    // L: left-to-right text; R: right-to-left; N: spaces and marks, which join the runs on both sides of them.
    const kinds = items.map((item) =>
      item.dir === 'rtl' ? 'R' : /[\p{L}\p{N}]/u.test(item.str) ? 'L' : 'N',
    );
    for (let i = 0; i < kinds.length; i++) {
      if (kinds[i] !== 'N') continue;
      let j = i;
      while (j < kinds.length && kinds[j] === 'N') j++;
      if (kinds[i - 1] === 'L' && kinds[j] === 'L') kinds.fill('L', i, j);
      i = j - 1;
    }
    /** @type {any[][]} */
    const runs = [];
    items.forEach((item, i) => {
      if (kinds[i] === 'L' && kinds[i - 1] === 'L') runs[runs.length - 1].push(item);
      else runs.push([item]);
    });
    ordered = runs.reverse().flat();
  }
  return (ordered === items ? joinDrawn(items) : ordered.map((item) => item.str).join('')).replace(
    PRESENTATION_FORMS,
    (forms) => forms.normalize('NFKC'),
  );
}

/** Letters of scripts written without spaces between words. */
// Script extensions, so that the marks these scripts share (ー, 、, 。) count as theirs.
const UNSPACED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}]/u;

/**
 * Left-to-right items of one line. pdf.js puts a space where a run of text leaves a gap, but not between two
 * items: words drawn one by one (or drawn again over themselves for a shadow) would run together, so a space
 * goes between items where the next starts a third of its font size after the end of the previous one, or as
 * far back inside it (drawn over it).
 * @param {any[]} items
 */
function joinDrawn(items) {
  let text = '';
  /** @type {any} */
  let previous = null;
  for (const item of items) {
    if (!item.str) continue;
    if (previous && !/\s$/.test(text) && !/^\s/.test(item.str)) {
      const [a, b, c, d, x, y] = item.transform;
      const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
      // Measured along the line's baseline, which a rotated or skewed line does not draw along x.
      const along = Math.hypot(a, b) || 1;
      const gap =
        ((x - previous.transform[4]) * a + (y - previous.transform[5]) * b) / along - previous.width;
      const spaced = !UNSPACED.test(text.slice(-1)) || !UNSPACED.test(item.str[0]);
      if (spaced && Math.abs(gap) > size / 3) text += ' ';
    }
    text += item.str;
    previous = item;
  }
  return text;
}

/**
 * @param {Buffer} bytes @param {number} maxPages
 * @param {{ languages: string[], timeoutMs: number } | null} ocr reading of pages without text; null: off
 */
async function parsePdf(bytes, maxPages, ocr) {
  const { loadPdfjs, openPdf } = await import('./pdfjs.mjs');
  let pdf;
  try {
    pdf = await openPdf(new Uint8Array(bytes));
  } catch (error) {
    if (/** @type {Error} */ (error)?.name === 'PasswordException')
      throw new ParseError('password', `pdf: ${String(error)}`);
    throw new ParseError('broken', `pdf: ${String(error)}`);
  }
  // The page count is in the document's catalogue: a file over the limit is refused before any page is read.
  if (pdf.numPages > maxPages) throw new ParseError('pages', String(pdf.numPages));
  /** @type {string[]} */
  const pages = [];
  /** @type {string[]} */
  const drawn = [];
  let failed = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    try {
      const page = await pdfPageText(pdf, number);
      pages.push(tidy(page.text));
      drawn.push(tidy(page.drawn));
    } catch {
      // One unreadable page keeps its place (page numbers stay right) and the others are still read.
      failed++;
      pages.push('');
      drawn.push('');
    }
  }
  if (failed === pdf.numPages) throw new ParseError('broken', 'pdf: no page could be read');
  // A page with no letter or digit has no text layer (a scan, a photo of a page): its pictures are read.
  const blank = pages.flatMap((text, index) => (/[\p{L}\p{N}]/u.test(text) ? [] : [index + 1]));
  if (ocr && blank.length) {
    const { recognisePages } = await import('./ocr.mjs');
    const { OPS } = await loadPdfjs();
    // The parent switches from the parse time limit to the reading one (DOCS_OCR_TIMEOUT_MS) on this message.
    parentPort?.postMessage({ progress: { page: 0, pages: blank.length } });
    try {
      const read = await recognisePages(pdf, OPS, blank, {
        languages: ocr.languages,
        deadline: Date.now() + ocr.timeoutMs,
        onPage: (page, total) => parentPort?.postMessage({ progress: { page, pages: total } }),
      });
      for (const [number, text] of read) pages[number - 1] = tidy(text);
    } catch {
      // Reading failed (tesseract's thread): the pages keep the text they have, and a file with none is
      // answered as one without text.
    }
  }
  // After the OCR decision: a scanned form whose only text layer is its filled-in fields is still read.
  drawn.forEach((text, index) => {
    if (text) pages[index] = tidy(`${pages[index]}\n${text}`);
  });
  let title = '';
  try {
    const meta = await pdf.getMetadata();
    title = String(/** @type {Record<string, unknown> | undefined} */ (meta.info)?.Title ?? '');
  } catch {
    // Metadata is optional.
  }
  return { pages, title, estimated: false };
}

/**
 * Text of one OOXML paragraph, with page breaks as form feeds. A picture's description (its alternative text,
 * what a screen reader says) stands where the picture is.
 * @param {string} paragraph @param {string} textTag
 */
function ooxmlLine(paragraph, textTag) {
  const textRe = new RegExp(
    `<${textTag}(?:\\s[^>]*)?>((?:<!\\[CDATA\\[[\\s\\S]*?\\]\\]>|[^<])*)</${textTag}>|<wp:docPr\\b[^>]*\\bdescr="([^"]*)"|<w:br [^>]*w:type="page"[^>]*/>|<w:lastRenderedPageBreak/>|<w:tab/>`,
    'g',
  );
  let line = '';
  for (const match of paragraph.matchAll(textRe)) {
    // An equation's runs (m:t) are its symbols and numbers one by one: spaced, so that 3 over 4 is not 34.
    if (match[1] !== undefined)
      line += match[0].startsWith('<m:') ? ` ${xmlText(match[1])} ` : xmlText(match[1]);
    else if (match[2] !== undefined) line += ` ${decodeXml(match[2])} `;
    else if (match[0] === '<w:tab/>') line += '\t';
    else line += '\f';
  }
  return line;
}

/** Paragraph texts of an OOXML part, with page breaks as form feeds. @param {string} xml */
function ooxmlText(xml, paragraphTag, textTag) {
  return xml
    .split(new RegExp(`</${paragraphTag}>`))
    .map((paragraph) => ooxmlLine(paragraph, textTag))
    .join('\n');
}

// Word writes a text box twice: the DrawingML shape in mc:Choice and a VML copy in mc:Fallback for old
// readers. Only the first is read. The copy's paragraphs stay as empty ones, so that the pieces between
// </w:p> match those image-extract.mjs walks in the same xml.
/** @param {string} xml */
const withoutFallbacks = (xml) =>
  xml.replace(/<mc:Fallback\b[\s\S]*?<\/mc:Fallback>/g, (fallback) =>
    (fallback.match(/<\/w:p>/g) ?? []).join(''),
  );

// Word's text runs (w:t) and those of its equations (Office Math, m:t).
const WORD_TEXT = '(?:w|m):t';

/** Paragraph text of a Word part without its text-box copies. @param {string} xml */
const wordPartText = (xml) => ooxmlText(withoutFallbacks(xml), 'w:p', WORD_TEXT);

/**
 * One line per </w:p> piece of a Word body, page breaks as form feeds, each list item opening with its number.
 * @param {string} xml @param {((paragraph: string) => string) | null} [numbering] see word-numbering.mjs
 */
const wordLines = (xml, numbering = null) =>
  withoutFallbacks(xml)
    .split('</w:p>')
    .map((paragraph) => {
      const line = ooxmlLine(paragraph, WORD_TEXT);
      const label = numbering?.(paragraph);
      // After the page breaks that open the paragraph, so that the number stays on the item's page.
      return label ? line.replace(/^\f*/, (breaks) => breaks + label) : line;
    });

/** @param {Buffer} bytes */
async function parseDocx(bytes) {
  const zip = readZip(bytes);
  const xml = zip.read('word/document.xml');
  if (!xml) throw new ParseError('broken', 'docx without word/document.xml');
  const { listNumbering, noteMarks } = await import('./word-numbering.mjs');
  const read = (/** @type {string} */ name) => zip.read(name)?.toString('utf8');
  const body = xml.toString('utf8');
  const marks = noteMarks(body, read('word/settings.xml'));
  const numbering = listNumbering(read('word/numbering.xml'), read('word/styles.xml'));
  const { pages, estimated } = pagesOfLines(wordLines(marks.body(body), numbering));
  const partNames = zip.names();
  const extraParts = [
    ...partNames.filter((name) => /^word\/header\d*\.xml$/.test(name)).sort(),
    ...partNames.filter((name) => /^word\/footer\d*\.xml$/.test(name)).sort(),
  ].map((name) => read(name) ?? '');
  extraParts.push(marks.notes(read('word/footnotes.xml') ?? '', 'footnote'));
  extraParts.push(marks.notes(read('word/endnotes.xml') ?? '', 'endnote'));
  appendOnce(pages, extraParts.map(wordPartText));
  const core = zip.read('docProps/core.xml')?.toString('utf8') ?? '';
  const title = decodeXml(/<dc:title>([^<]*)<\/dc:title>/.exec(core)?.[1] ?? '');
  return { pages, title, estimated };
}

// Headers and footers repeat on every page and notes sit at the end of the file: their text is read once,
// after the body, so that a question about a footnote or a running title finds it.
/** Adds texts of the whole file after the last page, each line once. @param {string[]} pages @param {string[]} texts */
function appendOnce(pages, texts) {
  const seen = new Set();
  const leftovers = [];
  for (const text of texts)
    for (const line of tidy(text).split('\n')) {
      const kept = line.trim();
      if (kept && !seen.has(kept)) {
        seen.add(kept);
        leftovers.push(kept);
      }
    }
  if (leftovers.length) pages[pages.length - 1] = tidy(`${pages[pages.length - 1]}\n${leftovers.join('\n')}`);
}

/** @param {string[]} pages */
const dropEmptyTail = (pages) => {
  const copy = [...pages];
  while (copy.length > 1 && !copy[copy.length - 1]) copy.pop();
  return copy;
};

// Charts and SmartArt are parts of their own, linked from the slide's relationships: their text (titles,
// series and category names, values; SmartArt's boxes) is not in the slide file.
const CHART_REL = /\/relationships\/chart$/;
const DIAGRAM_DATA_REL = /\/relationships\/diagramData$/;

/** Text of the charts and SmartArt diagrams a slide shows. @param {ReturnType<typeof readZip>} zip @param {string} slide */
function slideParts(zip, slide) {
  const rels = zip.read(slide.replace(/([^/]+)$/, '_rels/$1.rels'))?.toString('utf8') ?? '';
  const texts = [];
  for (const rel of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const type = /\bType="([^"]*)"/.exec(rel[0])?.[1] ?? '';
    const target = /\bTarget="([^"]*)"/.exec(rel[0])?.[1] ?? '';
    const isChart = CHART_REL.test(type);
    if (!isChart && !DIAGRAM_DATA_REL.test(type)) continue;
    const xml = zip
      .read(path.posix.normalize(path.posix.join(path.posix.dirname(slide), target)))
      ?.toString('utf8');
    if (!xml) continue;
    if (!isChart) texts.push(ooxmlText(xml, 'a:p', 'a:t'));
    else
      texts.push(
        [...xml.matchAll(/<(?:a:t|c:v)>([^<]*)<\/(?:a:t|c:v)>/g)].map((m) => decodeXml(m[1])).join('\t'),
      );
  }
  return texts;
}

/** The part a relationship of the given type leads to from a part, if any. @param {ReturnType<typeof readZip>} zip @param {string} part @param {RegExp} type */
function relatedPart(zip, part, type) {
  const rels = zip.read(part.replace(/([^/]+)$/, '_rels/$1.rels'))?.toString('utf8') ?? '';
  for (const rel of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    if (!type.test(/\bType="([^"]*)"/.exec(rel[0])?.[1] ?? '')) continue;
    const target = /\bTarget="([^"]*)"/.exec(rel[0])?.[1] ?? '';
    return path.posix.normalize(path.posix.join(path.posix.dirname(part), target));
  }
  return null;
}

/**
 * Text that a slide layout or master draws on the slides made from it: its own shapes (a logo's words, a
 * line added to the master), not its placeholders, whose "Click to edit Master title style" is only a
 * prompt and whose real text is on each slide. @param {string} xml
 */
const drawnByMaster = (xml) =>
  [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)]
    .filter((shape) => !/<p:ph\b/.test(shape[0]))
    .map((shape) => ooxmlText(shape[0], 'a:p', 'a:t'))
    .join('\n');

/** @param {Buffer} bytes */
function parsePptx(bytes) {
  const zip = readZip(bytes);
  const slides = slideEntries(zip);
  if (!zip.has('ppt/presentation.xml')) throw new ParseError('broken', 'pptx without ppt/presentation.xml');
  // A layout's or master's own text is read once, on the first slide that shows it.
  const shown = new Set();
  const pages = slides.map((s) => {
    const xml = zip.read(s.name)?.toString('utf8') ?? '';
    const behind = [];
    // showMasterSp="0" hides the shapes of the layout (and so of the master) behind a slide.
    const layout = /<p:sld\b[^>]*\bshowMasterSp="(?:0|false)"/.test(xml)
      ? null
      : relatedPart(zip, s.name, /\/relationships\/slideLayout$/);
    const layoutXml = layout ? (zip.read(layout)?.toString('utf8') ?? '') : '';
    const master =
      layout && !/<p:sldLayout\b[^>]*\bshowMasterSp="(?:0|false)"/.test(layoutXml)
        ? relatedPart(zip, layout, /\/relationships\/slideMaster$/)
        : null;
    for (const [part, partXml] of [
      [master, master ? (zip.read(master)?.toString('utf8') ?? '') : ''],
      [layout, layoutXml],
    ])
      if (part && !shown.has(part)) {
        shown.add(part);
        behind.push(drawnByMaster(partXml));
      }
    return tidy([ooxmlText(xml, 'a:p', 'a:t'), ...slideParts(zip, s.name), ...behind].join('\n'));
  });
  const core = zip.read('docProps/core.xml')?.toString('utf8') ?? '';
  const title = decodeXml(/<dc:title>([^<]*)<\/dc:title>/.exec(core)?.[1] ?? '');
  return { pages: pages.length ? pages : [''], title, estimated: false };
}

// Office encryption lives in the compound file: OOXML files saved with a password become a compound file
// with EncryptionInfo and EncryptedPackage streams; Word 97-2003 sets fEncrypted (bit 8 of the FIB flags at
// offset 0x0A of the WordDocument stream); PowerPoint 97-2003 marks its CurrentUser atom with 0xF3D1C4DF.
/** @param {any} CFB @param {any} file */
function cfbEncrypted(CFB, file) {
  if (CFB.find(file, 'EncryptionInfo') || CFB.find(file, 'EncryptedPackage')) return true;
  const word = CFB.find(file, 'WordDocument')?.content;
  if (word && word.length > 0x0c && (word[0x0a] | (word[0x0b] << 8)) & 0x0100) return true;
  const user = CFB.find(file, 'Current User')?.content;
  if (user && user.length >= 16 && Buffer.from(user).readUInt32LE(12) === 0xf3d1c4df) return true;
  return false;
}

/** Refuses an encrypted Office file with its own reason, before a reader calls it damaged. @param {Buffer} bytes */
async function refuseEncryptedOffice(bytes) {
  const CFB = await import('cfb');
  let file;
  try {
    file = CFB.read(bytes, { type: 'buffer' });
  } catch {
    return; // The reader itself tells a damaged file.
  }
  if (cfbEncrypted(CFB, file)) throw new ParseError('password', 'office file encrypted with a password');
}

/**
 * The text of a Word 6 or Word 95 file (word-extractor reads Word 97 and later): the FIB (ident 0xA5DC, nFib
 * 101 to 105) gives the text as one run of Windows-1252 bytes from fcMin to fcMac, unless the file was fast
 * saved (fComplex), whose pieces this does not follow. Field codes are dropped and their results kept. Null
 * when the file is not such a file.
 * @param {Buffer} bytes
 */
async function word6Text(bytes) {
  const CFB = await import('cfb');
  let stream;
  try {
    stream = CFB.find(CFB.read(bytes, { type: 'buffer' }), 'WordDocument')?.content;
  } catch {
    return null;
  }
  if (!stream || stream.length < 0x20) return null;
  const data = Buffer.from(/** @type {Uint8Array} */ (stream));
  const nFib = data.readUInt16LE(2);
  if (data.readUInt16LE(0) !== 0xa5dc || nFib < 101 || nFib > 105 || data.readUInt16LE(0x0a) & 0x0004)
    return null;
  const fcMin = data.readUInt32LE(0x18);
  const fcMac = Math.min(data.length, data.readUInt32LE(0x1c));
  if (fcMin >= fcMac) return null;
  const { WINDOWS_1252 } = await import('./codepages.mjs');
  return fieldResults(WINDOWS_1252.decode(data.subarray(fcMin, fcMac)));
}

/**
 * Word's text with field codes dropped and their results kept (0x13 code 0x14 result 0x15, nested), paragraph
 * ends (CR) as line ends, cell ends (BEL) as tabs, page breaks (FF) kept, other control characters dropped.
 * @param {string} text
 */
function fieldResults(text) {
  let out = '';
  /** @type {('code' | 'result')[]} */
  const fields = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 0x13) fields.push('code');
    else if (code === 0x14) {
      if (fields.length) fields[fields.length - 1] = 'result';
    } else if (code === 0x15) fields.pop();
    else if (fields.includes('code')) continue;
    else if (code === 0x0d) out += '\n';
    else if (code === 0x07) out += '\t';
    else if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0c) out += char;
  }
  return out;
}

/** @param {Buffer} bytes */
async function parseDoc(bytes) {
  await refuseEncryptedOffice(bytes);
  const { fixWordExtractor } = await import('./word-extractor-fixes.mjs');
  fixWordExtractor();
  const { default: WordExtractor } = await import('word-extractor');
  let doc;
  try {
    doc = await new WordExtractor().extract(bytes);
  } catch (error) {
    const old = await word6Text(bytes);
    if (old !== null) return { ...pagesOfText(old), title: '' };
    throw new ParseError('broken', `doc: ${String(error)}`);
  }
  const { pages, estimated } = pagesOfText(doc.getBody());
  // Text boxes, headers, footers and notes are kept apart from the body by word-extractor.
  appendOnce(pages, [doc.getTextboxes(), doc.getHeaders(), doc.getFootnotes(), doc.getEndnotes()]);
  return { pages, estimated, title: '' };
}

// PowerPoint 97-2003 records (MS-PPT): an 8-byte header (version in the low 4 bits, 0xF for containers, and an
// instance number above them; type; length). The slides are the SlidePersistAtoms of the SlideListWithText of
// instance 0 (1 lists the masters, 2 the notes); placeholder text may follow each of them in that list, and the
// text of the slide's own shapes lies in its SlideContainer, found through the persist directory that the
// Current User stream leads to (the last UserEditAtom and the ones before it).
const RT_DOCUMENT = 0x03e8;
const RT_SLIDE = 0x03ee;
const RT_SLIDE_LIST_WITH_TEXT = 0x0ff0;
const RT_SLIDE_PERSIST_ATOM = 0x03f3;
const RT_TEXT_CHARS_ATOM = 0x0fa0;
const RT_TEXT_BYTES_ATOM = 0x0fa8;
const RT_USER_EDIT_ATOM = 0x0ff5;
const RT_PERSIST_DIRECTORY_ATOM = 0x1772;
const RT_SLIDE_ATOM = 0x03ef;
const RT_MAIN_MASTER = 0x03f8;
const RT_SHAPE_CONTAINER = 0xf004;
const RT_PLACEHOLDER_ATOM = 0x0bc3;

/** @param {Buffer} data @param {number} at */
function pptRecord(data, at) {
  if (at < 0 || at + 8 > data.length) return null;
  const verInstance = data.readUInt16LE(at);
  const length = data.readUInt32LE(at + 4);
  return {
    container: (verInstance & 0xf) === 0xf,
    instance: verInstance >> 4,
    type: data.readUInt16LE(at + 2),
    body: at + 8,
    end: Math.min(data.length, at + 8 + length),
  };
}

/**
 * Fields in a text (slide number, date and time, header, footer): PowerPoint stores a "*" in the text where
 * each is shown and, after the text atom, an atom with that character's position. The value is worked out
 * when the slide is shown (the date of the day, the slide's number), so the "*" is not text anyone sees.
 */
const PPT_FIELD_ATOMS = new Set([0x0fd8, 0x0ff7, 0x0ff8, 0x0ff9, 0x0ffa, 0x1015]);

/** Text atoms inside a record, in file order. @param {Buffer} data @param {number} start @param {number} end */
function pptTexts(data, start, end, depth = 0) {
  /** @type {string[]} */
  const texts = [];
  /** Field positions of the last text atom of this level, by that text's index. @type {Map<number, number[]>} */
  const fields = new Map();
  for (let at = start; at + 8 <= end; ) {
    const record = /** @type {NonNullable<ReturnType<typeof pptRecord>>} */ (pptRecord(data, at));
    if (record.container && depth < 32) texts.push(...pptTexts(data, record.body, record.end, depth + 1));
    else if (record.type === RT_TEXT_CHARS_ATOM)
      texts.push(data.toString('utf16le', record.body, record.end));
    else if (record.type === RT_TEXT_BYTES_ATOM) texts.push(data.toString('latin1', record.body, record.end));
    else if (PPT_FIELD_ATOMS.has(record.type) && texts.length > 0 && record.end - record.body >= 4)
      fields.set(texts.length - 1, [...(fields.get(texts.length - 1) ?? []), data.readUInt32LE(record.body)]);
    at = record.end;
  }
  for (const [index, positions] of fields) {
    const chars = texts[index].split(''); // positions count UTF-16 units
    for (const position of positions) if (chars[position] === '*') chars[position] = '';
    texts[index] = chars.join('');
  }
  // Paragraph ends are CR and line breaks VT in PowerPoint's text.
  return texts.map((text) => text.replace(/[\r\v]/g, '\n'));
}

/**
 * Persist id to stream offset, newest edit first (an older edit never overrides), and the document's persist
 * id. Null when the chain cannot be followed.
 * @param {Buffer} data @param {Buffer | null} currentUser
 */
function pptPersistDirectory(data, currentUser) {
  if (!currentUser || currentUser.length < 20) return null;
  /** @type {Map<number, number>} */
  const offsets = new Map();
  let edit = currentUser.readUInt32LE(16);
  let documentRef = null;
  const seen = new Set();
  while (!seen.has(edit) && seen.size < 1000) {
    seen.add(edit);
    const record = pptRecord(data, edit);
    if (!record || record.type !== RT_USER_EDIT_ATOM || record.body + 20 > data.length) break;
    documentRef ??= data.readUInt32LE(record.body + 16);
    const directory = pptRecord(data, data.readUInt32LE(record.body + 12));
    if (directory?.type === RT_PERSIST_DIRECTORY_ATOM)
      for (let at = directory.body; at + 4 <= directory.end; ) {
        const entry = data.readUInt32LE(at);
        const first = entry & 0xfffff;
        const count = entry >>> 20;
        at += 4;
        for (let i = 0; i < count && at + 4 <= directory.end; i++, at += 4)
          if (!offsets.has(first + i)) offsets.set(first + i, data.readUInt32LE(at));
      }
    const previous = data.readUInt32LE(record.body + 8);
    if (previous === 0) break;
    edit = previous;
  }
  return documentRef === null ? null : { offsets, documentRef };
}

/**
 * Text of the shapes in a master (MS-ODRAW shape containers) that are not placeholders: a master's placeholders
 * hold prompts ("Click to edit Master title style"), and the real text of each is on its slide.
 * @param {Buffer} data @param {number} start @param {number} end
 */
function pptShapeTexts(data, start, end, depth = 0) {
  /** @type {string[]} */
  const texts = [];
  for (let at = start; at + 8 <= end; ) {
    const record = /** @type {NonNullable<ReturnType<typeof pptRecord>>} */ (pptRecord(data, at));
    if (record.type === RT_SHAPE_CONTAINER) {
      if (!pptHas(data, record.body, record.end, RT_PLACEHOLDER_ATOM, depth))
        texts.push(...pptTexts(data, record.body, record.end));
    } else if (record.container && depth < 32)
      texts.push(...pptShapeTexts(data, record.body, record.end, depth + 1));
    at = record.end;
  }
  return texts;
}

/** Whether a record of the type lies inside. @param {Buffer} data @param {number} start @param {number} end @param {number} type */
function pptHas(data, start, end, type, depth = 0) {
  for (let at = start; at + 8 <= end; ) {
    const record = /** @type {NonNullable<ReturnType<typeof pptRecord>>} */ (pptRecord(data, at));
    if (record.type === type) return true;
    if (record.container && depth < 32 && pptHas(data, record.body, record.end, type, depth + 1)) return true;
    at = record.end;
  }
  return false;
}

/** @param {Buffer} bytes */
async function parsePpt(bytes) {
  await refuseEncryptedOffice(bytes);
  const CFB = await import('cfb');
  let stream;
  let user;
  try {
    const file = CFB.read(bytes, { type: 'buffer' });
    stream = CFB.find(file, 'PowerPoint Document')?.content;
    user = CFB.find(file, 'Current User')?.content;
  } catch (error) {
    throw new ParseError('broken', `ppt: ${String(error)}`);
  }
  if (!stream) throw new ParseError('broken', 'ppt without a PowerPoint Document stream');
  const data = Buffer.from(/** @type {Uint8Array} */ (stream));
  const persist = pptPersistDirectory(data, user ? Buffer.from(/** @type {Uint8Array} */ (user)) : null);
  // The document container through the persist directory; a file whose chain is broken is searched whole.
  const document = persist ? pptRecord(data, persist.offsets.get(persist.documentRef) ?? -1) : null;
  const [start, end] = document?.type === RT_DOCUMENT ? [document.body, document.end] : [0, data.length];
  /** @type {{ ref: number, texts: string[] }[]} */
  const slides = [];
  /** @type {Map<number, number>} master id (MasterPersistAtom's slideId) to persist id */
  const masters = new Map();
  /** @param {number} from @param {number} to @param {boolean} inList @param {number} depth */
  const walk = (from, to, inList, depth) => {
    for (let at = from; at + 8 <= to; ) {
      const record = /** @type {NonNullable<ReturnType<typeof pptRecord>>} */ (pptRecord(data, at));
      if (record.container && depth < 32) {
        const list = record.type === RT_SLIDE_LIST_WITH_TEXT;
        // Masters' (1) and notes' (2) lists are not slides; the masters' gives each master's id its persist id.
        if (!list || record.instance === 0) walk(record.body, record.end, inList || list, depth + 1);
        else if (record.instance === 1)
          for (let a = record.body; a + 8 <= record.end; ) {
            const atom = /** @type {NonNullable<ReturnType<typeof pptRecord>>} */ (pptRecord(data, a));
            if (atom.type === RT_SLIDE_PERSIST_ATOM && atom.body + 16 <= atom.end)
              masters.set(data.readUInt32LE(atom.body + 12), data.readUInt32LE(atom.body));
            a = atom.end;
          }
      } else if (inList && record.type === RT_SLIDE_PERSIST_ATOM) {
        slides.push({ ref: record.body + 4 <= record.end ? data.readUInt32LE(record.body) : -1, texts: [] });
      } else if (
        inList &&
        slides.length &&
        (record.type === RT_TEXT_CHARS_ATOM || record.type === RT_TEXT_BYTES_ATOM)
      ) {
        slides[slides.length - 1].texts.push(...pptTexts(data, at, record.end));
      }
      at = record.end;
    }
  };
  walk(start, end, false, 0);
  if (slides.length === 0) throw new ParseError('broken', 'ppt without slides');
  // A master's own text is read once, on the first slide that shows it.
  const shown = new Set();
  const pages = slides.map((slide) => {
    const container = persist ? pptRecord(data, persist.offsets.get(slide.ref) ?? -1) : null;
    const own = container?.type === RT_SLIDE ? pptTexts(data, container.body, container.end) : [];
    const behind = [];
    // SlideAtom: masterIdRef at 12 (a master's id in the masters' list), and bit 0 of slideFlags at 20
    // (fMasterObjects) shows the master's shapes. A title master is itself a slide with a master: followed once more.
    let from = container;
    for (let hop = 0; persist && from && hop < 2; hop++) {
      const atom = pptRecord(data, from.body);
      if (atom?.type !== RT_SLIDE_ATOM || atom.body + 22 > atom.end) break;
      if ((data.readUInt16LE(atom.body + 20) & 1) === 0) break;
      const ref = masters.get(data.readUInt32LE(atom.body + 12)) ?? -1;
      const master = pptRecord(data, persist.offsets.get(ref) ?? -1);
      if (!master || (master.type !== RT_MAIN_MASTER && master.type !== RT_SLIDE)) break;
      if (!shown.has(ref)) {
        shown.add(ref);
        behind.push(...pptShapeTexts(data, master.body, master.end));
      }
      from = master;
    }
    // A shape's text is in the list or in the slide, rarely both: the same paragraph is kept once.
    return tidy([...new Set([...slide.texts, ...own, ...behind])].join('\n'));
  });
  return { pages, title: '', estimated: false };
}

/** @param {Buffer} bytes @param {string} url */
async function parseHtml(bytes, url) {
  const { parseHTML } = await import('linkedom');
  const { Readability } = await import('@mozilla/readability');
  const { document } = parseHTML(bytes.toString('utf8'));
  let article = null;
  try {
    article = new Readability(/** @type {Document} */ (/** @type {unknown} */ (document))).parse();
  } catch {
    article = null;
  }
  const text = tidy(article?.textContent ?? '');
  if (!article || text.length < 20) throw new ParseError('unreadable', `no readable text at ${url}`);
  return { ...pagesOfText(text), title: tidy(article.title ?? '') };
}

// What the bytes are decides the reader, not the file's name: Word's "Save as" and other programs' "Export to
// Word" write HTML, MHT, RTF or Word 2003 XML under a .doc name, and an encrypted .docx is a compound file.
// file-type knows the binary signatures; the text formats it does not name are told by their first bytes.
/**
 * @param {Buffer} bytes @param {string} declared
 * @returns {Promise<string>} the reader's kind
 */
async function sniffKind(bytes, declared) {
  // A web page fetched by its address is HTML whatever its first bytes say (Readability reads it).
  if (declared === 'html') return 'html';
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  switch (type?.ext) {
    case 'pdf':
    case 'docx':
    case 'pptx':
    case 'rtf':
      return type.ext;
    case 'cfb':
      return cfbKind(bytes);
    // A picture of a page (a scan, a phone photo; TIFF, a scanner's and a fax's, one page or several) is read by
    // OCR; other pictures (gif, bmp) are refused.
    case 'png':
    case 'jpg':
    case 'webp':
    case 'tif':
      return 'image';
    case 'zip': {
      // file-type names only zips whose [Content_Types].xml comes first; Word and PowerPoint parts decide.
      const zip = readZip(bytes);
      if (zip.has('word/document.xml')) return 'docx';
      if (zip.has('ppt/presentation.xml')) return 'pptx';
      throw new ParseError('unsupported', 'a zip without a Word or PowerPoint document');
    }
    case undefined:
    case 'xml':
    case 'html':
      break;
    default:
      throw new ParseError('unsupported', `a ${type.ext} file`);
  }
  // A name of a picture on bytes of no picture nor document (a web page saved under it, a renamed file).
  if (declared === 'image') throw new ParseError('unsupported', `bytes of no known format (declared image)`);
  const head = bytes
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\ufeff|^\xef\xbb\xbf/, '');
  // MHT opens with mail headers, one of them naming multipart/related.
  if (/^\s*[\w-]+:/.test(head) && /^content-type:\s*multipart\/related/im.test(head)) return 'mht';
  if (/<\?mso-application\s+progid="Word\.Document"|<w:wordDocument\b/i.test(head)) return 'wordml';
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(head))
    return 'htmldoc';
  if (head.startsWith('\xffWPC')) throw new ParseError('unsupported', 'a WordPerfect file');
  // WordPerfect 4.2 has no signature: a file named .doc is taken for one when all of it reads as one.
  if (declared === 'doc' && wordPerfect42Text(bytes) !== null) return 'wordperfect';
  throw new ParseError('broken', `bytes of no known format (declared ${declared})`);
}

/** Word or PowerPoint 97-2003 by the streams of the compound file; encrypted OOXML is told apart. @param {Buffer} bytes */
async function cfbKind(bytes) {
  const CFB = await import('cfb');
  let file;
  try {
    file = CFB.read(bytes, { type: 'buffer' });
  } catch (error) {
    throw new ParseError('broken', `compound file: ${String(error)}`);
  }
  if (CFB.find(file, 'EncryptionInfo') || CFB.find(file, 'EncryptedPackage'))
    throw new ParseError('password', 'office file encrypted with a password');
  if (CFB.find(file, 'WordDocument')) return 'doc';
  if (CFB.find(file, 'PowerPoint Document')) return 'ppt';
  throw new ParseError('unsupported', 'a compound file that is neither Word nor PowerPoint');
}

// WordPerfect 4.2 (1986), which has no header: ASCII text, control characters below 0x20 (0x0A ends a line,
// 0x0D is a line the program wrapped, 0x0C a page break), one-byte codes 0x80-0xBF (bold, underline and the like)
// and groups that open with a byte from 0xC0 to 0xFE and close with the same byte: of a fixed size for most codes
// (WP42_GROUP_SIZE, opening and closing bytes counted), up to the closing byte for the others (-1). Their content
// (margins, tabs, headers, notes) is left out. 0xFF is never a code of its own.
// biome-ignore format: one row for each high nibble of the code, as the format's table is laid out
const WP42_GROUP_SIZE = [
  6, 4, 3, 5, 5, 6, 4, 6, 8, 42, 3, 6, 4, 3, 4, 3, // 0xC0
  6, -1, -1, 4, 4, 4, 6, -1, 4, 4, 4, 4, -1, 24, 4, -1, // 0xD0
  4, 3, -1, 150, 6, 23, 11, 3, 3, -1, -1, -1, 4, -1, 44, 18, // 0xE0
  6, 106, -1, 100, 4, -1, 5, -1, -1, -1, -1, -1, -1, -1, -1, // 0xF0 to 0xFE
];

/**
 * The text of a WordPerfect 4.2 file, or null when the bytes are not one: a group not closed where its size says,
 * a 0xFF byte, or no group at all (plain text is not taken for WordPerfect). @param {Buffer} bytes
 */
function wordPerfect42Text(bytes) {
  let text = '';
  let groups = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === 0x0a) text += '\n';
    else if (byte === 0x0d) text += ' ';
    else if (byte === 0x09) text += '\t';
    else if (byte === 0x0c) text += '\f';
    else if (byte >= 0x20 && byte < 0x80) text += String.fromCharCode(byte);
    else if (byte === 0xff) return null;
    else if (byte >= 0xc0) {
      const size = WP42_GROUP_SIZE[byte - 0xc0];
      const end = size === -1 ? bytes.indexOf(byte, at + 1) : at + size - 1;
      if (end === -1 || end >= bytes.length || bytes[end] !== byte) return null;
      groups++;
      at = end;
    }
  }
  return groups ? text : null;
}

/** @param {Buffer} bytes */
function parseWordPerfect42(bytes) {
  return { ...pagesOfText(wordPerfect42Text(bytes) ?? ''), title: '' };
}

/** Word 2003 XML (WordprocessingML): the same w:p and w:t elements as .docx, in one file. @param {Buffer} bytes */
function parseWordml(bytes) {
  const xml = bytes.toString('utf8');
  const body = xml.slice(Math.max(0, xml.search(/<w:body\b/)));
  const title = decodeXml(/<o:Title>([^<]*)<\/o:Title>/.exec(xml)?.[1] ?? '');
  return { ...pagesOfText(ooxmlText(body, 'w:p', 'w:t')), title };
}

/** The visible text of an HTML document, all of it (a file is a document, not a page with menus). @param {string} html */
async function htmlText(html) {
  const { parseHTML } = await import('linkedom');
  const { document } = parseHTML(html);
  for (const node of document.querySelectorAll('script, style, noscript, template, head')) node.remove();
  // Block ends become line ends so paragraphs stay apart.
  for (const node of document.querySelectorAll('p, div, br, li, tr, h1, h2, h3, h4, h5, h6, table, section'))
    node.after(document.createTextNode('\n'));
  return {
    text: tidy(document.body?.textContent ?? document.documentElement?.textContent ?? ''),
    title: tidy(document.querySelector('title')?.textContent ?? ''),
  };
}

/** @param {Buffer} bytes */
async function parseHtmlFile(bytes) {
  const { text, title } = await htmlText(bytes.toString('utf8'));
  return { ...pagesOfText(text), title };
}

/** MHT (a web page saved as one MIME file): the first HTML part, decoded by mailparser. @param {Buffer} bytes */
async function parseMht(bytes) {
  const { simpleParser } = await import('mailparser');
  let mail;
  try {
    mail = await simpleParser(bytes, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch (error) {
    throw new ParseError('broken', `mht: ${String(error)}`);
  }
  const html =
    typeof mail.html === 'string'
      ? mail.html
      : (mail.attachments ?? [])
          .find((/** @type {any} */ a) => /html/i.test(a.contentType))
          ?.content?.toString('utf8');
  if (!html) return { ...pagesOfText(tidy(mail.text ?? '')), title: tidy(mail.subject ?? '') };
  const { text, title } = await htmlText(html);
  return { ...pagesOfText(text), title: title || tidy(mail.subject ?? '') };
}

/** @param {Buffer} bytes */
async function parseRtf(bytes) {
  const { rtfText } = await import('./rtf-text.mjs');
  const { text, title } = rtfText(bytes);
  return { ...pagesOfText(text), title };
}

/**
 * The pages of a TIFF file: its chain of image directories (IFDs), each one page, without their pixels. The chain
 * is walked here first, at most `maxPages` + 1 long, so that a chain that loops or runs on is refused before the
 * decoder (utif2) follows it; a reduced-resolution copy of a page (a thumbnail, NewSubfileType bit 0) is no page.
 * @param {Buffer} bytes @param {number} maxPages @returns {Promise<{ pages: any[], UTIF: any }>}
 */
async function tiffPages(bytes, maxPages) {
  const little = bytes.toString('latin1', 0, 2) === 'II';
  const u16 = (/** @type {number} */ at) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (/** @type {number} */ at) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const seen = new Set();
  try {
    for (let at = u32(4); at !== 0; at = u32(at + 2 + u16(at) * 12)) {
      if (seen.has(at)) throw new ParseError('broken', 'tiff: its directories loop');
      seen.add(at);
      if (seen.size > maxPages) throw new ParseError('pages', `${seen.size}+`);
    }
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('broken', `tiff: ${String(error)}`);
  }
  const { default: UTIF } = await import('utif2');
  const pages = UTIF.decode(bytes).filter((/** @type {any} */ ifd) => !((ifd.t254?.[0] ?? 0) & 1));
  return { pages, UTIF };
}

/**
 * A picture of a page (png, jpeg, webp) as one page of text read by OCR, a TIFF as one page a picture in it. Its size
 * is read from its header first: a picture (a TIFF page) of more than `ocr.maxPixels` is refused before it is
 * decoded (its pixels would live outside the heap), and a TIFF of more pages than the page limit.
 * @param {Buffer} bytes @param {{ languages: string[], timeoutMs: number, maxPixels: number } | null} ocr
 * @param {number} maxPages
 */
async function parseImage(bytes, ocr, maxPages) {
  if (!ocr) throw new ParseError('ocr-off', 'a picture of a page, with OCR turned off');
  // image-size reads a TIFF's size from a file only: a TIFF's pages are sized from their own directories.
  const tiff = /^(II\*\0|MM\0\*)/.test(bytes.toString('latin1', 0, 4));
  const { imageSize } = await import('image-size');
  let size;
  try {
    size = tiff ? { type: 'tiff' } : imageSize(bytes);
  } catch (error) {
    throw new ParseError('broken', `picture: ${String(error)}`);
  }
  /** @type {(() => Promise<Buffer>)[]} each page's picture, decoded when it is read */
  let pictures = [async () => bytes];
  if (tiff) {
    const { pages, UTIF } = await tiffPages(bytes, maxPages);
    if (pages.length === 0) throw new ParseError('broken', 'tiff: no page');
    for (const page of pages) {
      const pixels = (page.t256?.[0] ?? 0) * (page.t257?.[0] ?? 0);
      if (pixels > ocr.maxPixels) throw new ParseError('pixels', String(pixels));
    }
    // Neither the canvas nor tesseract.js decodes TIFF: each page is decoded (utif2) and handed on as a PNG.
    pictures = pages.map((page) => async () => {
      UTIF.decodeImage(bytes, page, pages);
      const { createCanvas, ImageData } = await import('@napi-rs/canvas');
      const canvas = createCanvas(page.width, page.height);
      const rgba = UTIF.toRGBA8(page);
      canvas
        .getContext('2d')
        .putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer), page.width), 0, 0);
      page.data = null;
      return canvas.encode('png');
    });
  } else {
    const pixels = (size.width ?? 0) * (size.height ?? 0);
    if (pixels > ocr.maxPixels) throw new ParseError('pixels', String(pixels));
  }
  const { recogniseImages } = await import('./ocr.mjs');
  // The parent switches from the parse time limit to the reading one (DOCS_OCR_TIMEOUT_MS) on this message.
  parentPort?.postMessage({ progress: { page: 0, pages: pictures.length } });
  let texts;
  try {
    texts = await recogniseImages(pictures, {
      languages: ocr.languages,
      deadline: Date.now() + ocr.timeoutMs,
      onPage: (page, total) => parentPort?.postMessage({ progress: { page, pages: total } }),
    });
  } catch (error) {
    throw new ParseError('broken', `picture: ${String(error)}`);
  }
  const contentType = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', tiff: 'image/tiff' }[
    size.type ?? ''
  ];
  return { pages: texts.map(tidy), title: '', estimated: false, contentType };
}

async function parse(kind, bytes, url, maxPages, ocr) {
  switch (kind) {
    case 'pdf':
      return parsePdf(bytes, maxPages, ocr);
    case 'docx':
      return parseDocx(bytes);
    case 'pptx':
      return parsePptx(bytes);
    case 'doc':
      return parseDoc(bytes);
    case 'ppt':
      return parsePpt(bytes);
    case 'html':
      return parseHtml(bytes, url);
    case 'htmldoc':
      return parseHtmlFile(bytes);
    case 'mht':
      return parseMht(bytes);
    case 'wordml':
      return parseWordml(bytes);
    case 'rtf':
      return parseRtf(bytes);
    case 'wordperfect':
      return parseWordPerfect42(bytes);
    case 'image':
      return parseImage(bytes, ocr, maxPages);
    default:
      throw new ParseError('unsupported', kind);
  }
}

function capText(pages) {
  let left = MAX_TEXT_CHARS;
  return pages.map((page) => {
    const kept = page.slice(0, Math.max(0, left));
    left -= kept.length;
    return kept;
  });
}

const { kind, bytes, url, images, maxPages, ocr } = workerData;
try {
  if (images) {
    // The pictures of the file (see image-extract.mjs), read in a run of their own after its text.
    const { extractImages } = await import('./image-extract.mjs');
    const found = await extractImages(kind, Buffer.from(bytes), images, {
      pageStarts: (/** @type {string} */ xml) => paginateLines(wordLines(xml)).starts,
    });
    parentPort?.postMessage(
      { ok: true, images: found },
      found.map((image) => image.bytes.buffer),
    );
  } else {
    const data = Buffer.from(bytes);
    const actual = await sniffKind(data, kind);
    const result = await parse(actual, data, url, maxPages ?? Number.POSITIVE_INFINITY, ocr ?? null);
    parentPort?.postMessage({
      ok: true,
      pages: capText(result.pages),
      title: result.title,
      kind: actual,
      estimated: result.estimated,
      contentType: result.contentType,
    });
  }
} catch (error) {
  const reason = error instanceof ParseError || error instanceof ArchiveError ? error.reason : 'broken';
  parentPort?.postMessage({
    ok: false,
    reason,
    message: String(error instanceof Error ? error.message : error),
  });
}
