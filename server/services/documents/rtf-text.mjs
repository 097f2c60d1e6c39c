// The text of an RTF file as Word shows it. Written here because the RTF reader at hand then (officeparser's, no longer a dependency)
// decoded every \'hh byte alone in Latin-1, so Shift-JIS, GBK or Windows-1251 text came out garbled or was
// lost, and it dropped dashes, non-breaking spaces, list numbers and footnotes. Bytes are decoded in the
// code page of the font they are set in (\fcharset, \cpg) or of the document (\ansicpg), with the TextDecoder
// of Node's ICU; \uN characters are taken as they are.
import { decoderFor } from './codepages.mjs';

/** Windows code pages of the RTF font character sets (\fcharsetN). */
const CHARSET_CODEPAGE = new Map([
  [0, 1252],
  [77, 10000],
  [128, 932],
  [129, 949],
  [130, 1361],
  [134, 936],
  [136, 950],
  [161, 1253],
  [162, 1254],
  [163, 1258],
  [177, 1255],
  [178, 1256],
  [186, 1257],
  [204, 1251],
  [222, 874],
  [238, 1250],
]);

/** Groups whose text is not the document's: tables, pictures, data, field codes, metadata. */
const SKIPPED = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'filetbl',
  'info',
  'pict',
  'objdata',
  'objclass',
  'fldinst',
  'datastore',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'xmlnstbl',
  'generator',
  'nonshppict',
  'userprops',
  'docvar',
  'mmathPr',
  'template',
  'bkmkstart',
  'bkmkend',
  // A shape's properties (its text, \shptxt, is read) and the copy of a shape drawn for older readers.
  'sp',
  'shprslt',
  // The ANSI copy of text that \ud gives in Unicode.
  'upr',
]);

/** Destinations read although marked \* (ignorable): a shape's instructions, which hold text boxes' text, and
 * the Unicode copy of \upr. */
const READ_STARRED = new Set(['shpinst', 'ud']);

/** Control words that stand for a character. */
const SYMBOLS = new Map([
  ['par', '\n'],
  ['line', '\n'],
  ['sect', '\n'],
  ['row', '\n'],
  ['cell', '\t'],
  ['nestcell', '\t'],
  ['tab', '\t'],
  ['page', '\f'],
  ['emdash', '\u2014'],
  ['endash', '\u2013'],
  ['emspace', ' '],
  ['enspace', ' '],
  ['qmspace', ' '],
  ['bullet', '\u2022'],
  ['lquote', '\u2018'],
  ['rquote', '\u2019'],
  ['ldblquote', '\u201c'],
  ['rdblquote', '\u201d'],
]);

/** Control symbols (a backslash and one character) that stand for a character; \- is an optional hyphen. */
const CONTROL_SYMBOLS = new Map([
  ['~', '\u00a0'],
  ['_', '\u2011'],
  ['-', ''],
  ['\\', '\\'],
  ['{', '{'],
  ['}', '}'],
]);

/** Deeper groups than this are read as flat: a hostile file cannot grow the stack without end. */
const MAX_DEPTH = 512;

/**
 * What a group carries: whether its text is skipped or hidden (\v, \deleted), the \ucN count, the font in
 * use, where its text goes, its destination (the first control word of it or of the group it is in) and, in
 * the font table, the font it defines.
 * @typedef {{ skip: boolean, hidden: boolean, uc: number, font: number, target: 'body' | 'notes' | 'title',
 *   destination: string, defining: number }} State
 */

/**
 * @param {Buffer} bytes
 * @returns {{ text: string, title: string }} the body with page breaks as form feeds, footnotes after it
 */
export function rtfText(bytes) {
  let codepage = 1252;
  /** @type {Map<number, number>} font number to code page */
  const fonts = new Map();
  let defaultFont = -1;
  /** @type {Record<State['target'], string>} */
  const out = { body: '', notes: '', title: '' };
  /** @type {State} */
  let state = { skip: false, hidden: false, uc: 1, font: -1, target: 'body', destination: '', defining: -1 };
  /** @type {State[]} */
  const stack = [];
  /** @type {number[]} bytes waiting to be decoded together (a double-byte character comes as two) */
  let pending = [];
  let pendingTarget = state.target;
  let notes = 0;
  // Characters still to skip after \uN: the fallback for readers without Unicode.
  let skipChars = 0;

  const codepageOf = (/** @type {number} */ font) => fonts.get(font === -1 ? defaultFont : font) ?? codepage;
  const flush = () => {
    if (!pending.length) return;
    // The document's information (its title) is in the document's code page, not in a font's.
    const page = pendingTarget === 'title' ? codepage : codepageOf(state.font);
    out[pendingTarget] += decoderFor(page).decode(Uint8Array.from(pending));
    pending = [];
  };
  const emitted = () => !state.skip && !state.hidden;
  const emit = (/** @type {string} */ text) => {
    flush();
    if (emitted()) out[state.target] += text;
  };
  const byte = (/** @type {number} */ value) => {
    if (skipChars > 0) {
      skipChars--;
      return;
    }
    if (!emitted()) return;
    if (pending.length && pendingTarget !== state.target) flush();
    pendingTarget = state.target;
    pending.push(value);
  };

  let at = 0;
  // The first control word of a group, to tell a destination; \* marks one to skip unless known.
  let groupStart = false;
  let starred = false;
  while (at < bytes.length) {
    const c = bytes[at];
    if (c === 0x7b) {
      flush();
      if (stack.length < MAX_DEPTH) stack.push(state);
      state = { ...state };
      groupStart = true;
      starred = false;
      at++;
      continue;
    }
    if (c === 0x7d) {
      flush();
      state = stack.pop() ?? state;
      skipChars = 0;
      groupStart = false;
      at++;
      continue;
    }
    if (c === 0x0d || c === 0x0a) {
      at++;
      continue;
    }
    if (c !== 0x5c) {
      byte(c);
      groupStart = false;
      at++;
      continue;
    }
    // A backslash: a control word (letters, an optional signed number, an optional space) or symbol.
    const next = bytes[at + 1];
    if (next === undefined) break;
    if (next === 0x27) {
      // \'hh: one byte in the current code page.
      const hex = Number.parseInt(bytes.toString('latin1', at + 2, at + 4), 16);
      if (!Number.isNaN(hex)) byte(hex);
      groupStart = false;
      at += 4;
      continue;
    }
    if (!/[a-z]/i.test(String.fromCharCode(next))) {
      const symbol = String.fromCharCode(next);
      at += 2;
      if (symbol === '*') {
        starred = groupStart;
        continue;
      }
      groupStart = false;
      const text = CONTROL_SYMBOLS.get(symbol);
      if (text !== undefined) {
        if (skipChars > 0) skipChars--;
        else emit(text);
      }
      continue;
    }
    let end = at + 1;
    while (end < bytes.length && /[a-z]/i.test(String.fromCharCode(bytes[end]))) end++;
    const word = bytes.toString('latin1', at + 1, end);
    let numberEnd = end;
    if (bytes[numberEnd] === 0x2d) numberEnd++;
    while (numberEnd < bytes.length && bytes[numberEnd] >= 0x30 && bytes[numberEnd] <= 0x39) numberEnd++;
    const hasNumber = numberEnd > end && !(numberEnd === end + 1 && bytes[end] === 0x2d);
    const param = hasNumber ? Number(bytes.toString('latin1', end, numberEnd)) : null;
    at = hasNumber ? numberEnd : end;
    if (bytes[at] === 0x20) at++;
    const first = groupStart;
    groupStart = false;

    if (word === 'bin' && param !== null) {
      // Raw binary data of the given length (pictures, objects).
      at += Math.max(0, param);
      continue;
    }
    // A group inherits its parent's destination unless it opens one of its own (a font's group in the font
    // table is still in the font table).
    if (first && (starred || SKIPPED.has(word) || READ_STARRED.has(word))) state.destination = word;
    if (first && ((starred && !READ_STARRED.has(word)) || SKIPPED.has(word))) {
      flush();
      state.skip = true;
    }
    if (first && word === 'ud') {
      flush();
      state.skip = stack.at(-2)?.skip ?? false;
    }
    switch (word) {
      case 'ansicpg':
        if (param !== null) codepage = param;
        break;
      case 'deff':
        if (param !== null) defaultFont = param;
        break;
      case 'f':
        if (param === null) break;
        if (state.destination === 'fonttbl') state.defining = param;
        else {
          flush();
          state.font = param;
        }
        break;
      case 'fcharset':
        if (state.defining !== -1 && param !== null && CHARSET_CODEPAGE.has(param))
          fonts.set(state.defining, /** @type {number} */ (CHARSET_CODEPAGE.get(param)));
        break;
      case 'cpg':
        if (state.defining !== -1 && param !== null) fonts.set(state.defining, param);
        break;
      case 'uc':
        if (param !== null) state.uc = param;
        break;
      case 'u':
        if (param !== null) {
          emit(String.fromCharCode(param < 0 ? param + 65536 : param));
          skipChars = state.uc;
        }
        break;
      case 'v':
        flush();
        state.hidden = param !== 0;
        break;
      case 'deleted':
        flush();
        state.hidden = param !== 0;
        break;
      case 'footnote':
        flush();
        state.target = 'notes';
        out.notes += '\n';
        break;
      case 'chftn':
        // The automatic footnote number: counted where the body refers to a note, repeated in the note.
        if (state.target === 'body') notes++;
        emit(`[${notes}]`);
        break;
      case 'title':
        // Not the ANSI copy inside \upr: the Unicode one in its \ud is read.
        if (first && stack.length && state.destination !== 'upr') {
          flush();
          state.skip = false;
          state.hidden = false;
          state.target = 'title';
        }
        break;
      case 'plain':
        flush();
        state.font = -1;
        break;
      default: {
        const text = SYMBOLS.get(word);
        if (text !== undefined) {
          if (skipChars > 0) skipChars--;
          else emit(text);
        }
      }
    }
    starred = false;
  }
  flush();
  return { text: `${out.body}\n${out.notes}`, title: out.title.trim() };
}
