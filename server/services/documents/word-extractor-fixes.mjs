// Places where word-extractor 1.0 (the Word 97-2003 reader) loses text that Word shows, put right
// from outside until it does so itself. Each is applied once per parse thread, before word-extractor is
// first loaded, and only where the module still has the shape it is written against.
import { createRequire } from 'node:module';
import { docListLabels } from './doc-list-numbers.mjs';
import { formatNumber } from './word-numbering.mjs';

const require = createRequire(import.meta.url);

// Japanese ruby (furigana) is an EQ field with no result: \o\ad(\s\up 10(reading),base). word-extractor
// keeps a field's result and drops its code, so the base text went with the reading.
const RUBY_FIELD =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Word marks a field's start, separator and end with 0x13-0x15.
  /\x13\s*EQ\b[^\x13\x14\x15]*?\\o\\a[dlcr]?\(\\s\\up\s*-?\d+\(([^()\x13\x14\x15]*)\),([^()\x13\x14\x15]*)\)[^\x13\x14\x15]*\x15/g;

/**
 * What to add to each part's raw text before word-extractor cleans it, in the order it cleans them (body,
 * footnotes, headers, footers, comments, endnotes, text boxes, header text boxes; a part the file lacks is
 * skipped): set up when the file's properties are read, which comes right before. In the body's raw text a
 * character's index is its position (CP), as in the file's tables.
 * @type {((raw: string) => string)[]}
 */
let pendingParts = [];
/** @param {string} text @param {Map<number, string>} labels */
const withLabels = (text, labels) => {
  let out = '';
  let from = 0;
  for (const cp of [...labels.keys()].sort((a, b) => a - b)) {
    if (cp > text.length) break;
    out += text.slice(from, cp) + labels.get(cp);
    from = cp;
  }
  return out + text.slice(from);
};

/**
 * The text filter: list numbers and note marks are put in (see pendingParts); a ruby field becomes its base text with the reading after it in brackets (東京(とうきょう)),
 * as Word shows both; an optional hyphen (0x1F, drawn only where a line breaks) is dropped, where
 * word-extractor's table, which has no entry for it, wrote "undefined" into the word.
 */
function fixFilter() {
  const filters = require('word-extractor/lib/filters');
  if (typeof filters.clean !== 'function' || filters.clean.fixed) return;
  const clean = filters.clean;
  filters.clean = Object.assign(
    (/** @type {string} */ raw) => {
      const text = (pendingParts.shift() ?? ((/** @type {string} */ same) => same))(raw);
      return clean(
        text
          .replace(RUBY_FIELD, (_m, reading, base) => `${base}(${reading})`)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: 0x1F is Word's optional hyphen.
          .replace(/\x1f/g, ''),
      );
    },
    { fixed: true },
  );
}

// sprmCFRMarkDel (MS-DOC 2.6.1): the character property of text deleted with track changes on.
const SPRM_DELETED = 0x0800;
/** Operand size by the sprm's spra (its top three bits); 6 is variable, its first byte the size. */
const OPERAND_BYTES = [1, 1, 2, 4, 2, 2, -1, 3];

/**
 * Tracked deletions: word-extractor compares only the low five bits of each character property's code with
 * sprmCFRMarkDel, so letter spacing (sprmCDxaSpace, 0x8840) and others whose low bits are zero blank their
 * text as deleted (Tika's testOptionalHyphen.doc came out empty). Its pass is kept for what it sets up, the
 * text put back, and the deletions marked again with the whole code compared.
 */
function fixDeletions() {
  const Extractor = require('word-extractor/lib/word-ole-extractor');
  const proto = Extractor?.prototype;
  if (typeof proto?.writeCharacterProperties !== 'function' || proto.writeCharacterProperties.fixed) return;
  const original = proto.writeCharacterProperties;
  proto.writeCharacterProperties = Object.assign(
    /** @this {any} @param {Buffer} wordDocument @param {Buffer} table */
    function (wordDocument, table) {
      /** @type {{ text: string, startFilePos: number, size: number, bpc: number }[]} */
      const pieces = this._pieces;
      const texts = pieces.map((piece) => piece.text);
      original.call(this, wordDocument, table);
      const shaped = pieces.every(
        (piece) =>
          typeof piece.startFilePos === 'number' &&
          typeof piece.size === 'number' &&
          (piece.bpc === 1 || piece.bpc === 2),
      );
      if (!shaped) return;
      pieces.forEach((piece, i) => {
        piece.text = texts[i];
      });
      try {
        pendingParts = partMarks(this._boundaries ?? {}, wordDocument, table, pieces);
      } catch {
        // Lists or notes laid out otherwise than read here: the text without their numbers.
        pendingParts = [];
      }
      for (const [start, end] of deletedRuns(wordDocument, table))
        for (const piece of pieces) {
          const from = Math.max(start, piece.startFilePos);
          const to = Math.min(end, piece.startFilePos + piece.size);
          if (from >= to) continue;
          const a = Math.floor((from - piece.startFilePos) / piece.bpc);
          const b = Math.floor((to - piece.startFilePos) / piece.bpc);
          // NULs, as word-extractor marks deletions: its filter removes them afterwards.
          piece.text = piece.text.slice(0, a) + '\0'.repeat(b - a) + piece.text.slice(b);
        }
    },
    { fixed: true },
  );
}

/**
 * File ranges [start, end) of the WordDocument stream whose characters are marked deleted: the character
 * property pages (FKPs) listed by PlcBteChpx, at fcPlcfBteChpx (0xFA) and lcbPlcfBteChpx (0xFE) of the FIB.
 * @param {Buffer} wordDocument @param {Buffer} table
 */
function deletedRuns(wordDocument, table) {
  /** @type {[number, number][]} */
  const runs = [];
  const at = wordDocument.readUInt32LE(0xfa);
  const size = wordDocument.readUInt32LE(0xfe);
  const plc = table.subarray(at, at + size);
  const count = Math.floor((size - 4) / 8);
  for (let i = 0; i < count && (count + 1) * 4 + i * 4 + 4 <= plc.length; i++) {
    const page = plc.readUInt32LE((count + 1) * 4 + i * 4);
    const fkp = wordDocument.subarray(page * 512, page * 512 + 512);
    if (fkp.length < 512) continue;
    const crun = fkp[511];
    for (let j = 0; j < crun && (crun + 1) * 4 + j < 511; j++) {
      const offset = fkp[(crun + 1) * 4 + j] * 2;
      if (!offset) continue;
      const grpprl = fkp.subarray(offset + 1, offset + 1 + fkp[offset]);
      if (isDeleted(grpprl)) runs.push([fkp.readUInt32LE(j * 4), fkp.readUInt32LE(j * 4 + 4)]);
    }
  }
  return runs;
}

/** @param {Buffer} grpprl a run's character properties */
function isDeleted(grpprl) {
  for (let at = 0; at + 2 <= grpprl.length; ) {
    const sprm = grpprl.readUInt16LE(at);
    at += 2;
    if (sprm === SPRM_DELETED) return at < grpprl.length && (grpprl[at] & 1) === 1;
    const bytes = OPERAND_BYTES[sprm >> 13];
    at += bytes >= 0 ? bytes : (grpprl[at] ?? 0) + 1;
  }
  return false;
}

/** FibRgFcLcb97 pairs of the footnote and endnote references (PlcffndRef, PlcfendRef). */
const FOOTNOTE_REFS = 2;
const ENDNOTE_REFS = 46;

/**
 * The note references of the body: CP to its number in brackets, footnotes 1, 2, 3 and endnotes i, ii, iii
 * (Word's defaults) in the order they come; a reference with a mark of its own (FRD nAuto 0) gets none.
 * @param {Buffer} wordDocument @param {Buffer} table @param {number} index @param {string} format
 */
function noteReferences(wordDocument, table, index, format) {
  /** @type {Map<number, string>} */
  const marks = new Map();
  const fc = wordDocument.readUInt32LE(154 + index * 8);
  const lcb = wordDocument.readUInt32LE(158 + index * 8);
  if (lcb < 6 || fc + lcb > table.length) return marks;
  const count = Math.floor((lcb - 4) / 6);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const auto = table.readInt16LE(fc + (count + 1) * 4 + i * 2);
    if (auto !== 0) marks.set(table.readUInt32LE(fc + i * 4), `[${formatNumber(++n, format)}]`);
  }
  return marks;
}

/** Each auto-numbered note mark (0x02) of a notes part, in order, numbered. @param {string} raw @param {string} format */
const numberNotes = (raw, format) => {
  let n = 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: 0x02 is Word's auto-numbered note mark.
  return raw.replace(/\x02/g, () => `[${formatNumber(++n, format)}]`);
};

/**
 * The transforms of the parts' raw texts (see pendingParts): list numbers and note references in the body,
 * note numbers in the footnotes and endnotes.
 * @param {Record<string, number>} boundaries word-extractor's ccp counts @param {Buffer} wordDocument
 * @param {Buffer} table @param {{ text: string, startFilePos: number, size: number, bpc: number, startCp: number }[]} pieces
 */
function partMarks(boundaries, wordDocument, table, pieces) {
  const labels = docListLabels(wordDocument, table, pieces, Number(boundaries.ccpText ?? 0));
  for (const [cp, mark] of noteReferences(wordDocument, table, FOOTNOTE_REFS, 'decimal'))
    labels.set(cp, (labels.get(cp) ?? '') + mark);
  for (const [cp, mark] of noteReferences(wordDocument, table, ENDNOTE_REFS, 'lowerRoman'))
    labels.set(cp, (labels.get(cp) ?? '') + mark);
  const same = (/** @type {string} */ raw) => raw;
  /** @type {((raw: string) => string)[]} */
  const parts = [(raw) => (labels.size ? withLabels(raw, labels) : raw)];
  if (boundaries.ccpFtn) parts.push((raw) => numberNotes(raw, 'decimal'));
  if (boundaries.ccpHdd) parts.push(same, same);
  if (boundaries.ccpAtn) parts.push(same);
  if (boundaries.ccpEdn) parts.push((raw) => numberNotes(raw, 'lowerRoman'));
  return parts;
}

/** Applies the fixes above; a version of word-extractor without the parts they fix is left as it is. */
export function fixWordExtractor() {
  try {
    fixFilter();
    fixDeletions();
  } catch {
    // A word-extractor laid out differently: read as it reads.
  }
}
