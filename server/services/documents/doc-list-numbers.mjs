// List numbers of a Word 97-2003 file ("2.", "b)", "iii."): Word draws them from the list definitions of the
// table stream, not from the text, so a reader of the text alone loses them (MS-DOC 2.9.147 LVL, 2.9.183
// PlfLst, 2.9.182 PlfLfo, 2.9.175 PapxFkp). Counted over the body's paragraphs as Word counts them.
import { formatNumber } from './word-numbering.mjs';

/** MS-DOC number formats (nfc) by their Word names; the rest read as decimal. */
const NFC = new Map([
  [0, 'decimal'],
  [1, 'upperRoman'],
  [2, 'lowerRoman'],
  [3, 'upperLetter'],
  [4, 'lowerLetter'],
  [5, 'ordinal'],
  [22, 'decimalZero'],
  [23, 'bullet'],
  [255, 'none'],
]);
const SPRM_ILFO = 0x460b;
const SPRM_ILVL = 0x260a;
/** Operand size by spra (the sprm's top three bits); 6 is variable. */
const OPERAND_BYTES = [1, 1, 2, 4, 2, 2, -1, 3];
/** Where FibRgFcLcb97 starts in the FIB, and the indexes of the pairs read here. */
const FC_LCB = 154;
const PLCF_BTE_PAPX = 13;
const PLF_LST = 73;
const PLF_LFO = 74;

/**
 * A list level: its first number, number format, text (characters 0-8 standing for the levels' numbers),
 * legal numbering (every number decimal), and, when `noRestart` is set, the level `restartLimit` after
 * which it no longer starts again (it restarts only under levels above that one).
 * @typedef {{ start: number, format: string, text: string, legal: boolean, noRestart: boolean, restartLimit: number }} Level
 */

/** One LVL at `at`: the level and where the next one starts. @param {Buffer} table @param {number} at */
function readLevel(table, at) {
  const flags = table[at + 5];
  const chpx = table[at + 24];
  const papx = table[at + 25];
  const xst = at + 28 + chpx + papx;
  const cch = table.readUInt16LE(xst);
  /** @type {Level} */
  const level = {
    start: table.readInt32LE(at),
    format: NFC.get(table[at + 4]) ?? 'decimal',
    text: table.toString('utf16le', xst + 2, xst + 2 + cch * 2),
    legal: (flags & 0x04) !== 0,
    noRestart: (flags & 0x08) !== 0,
    restartLimit: table[at + 26],
  };
  return { level, next: xst + 2 + cch * 2 };
}

/**
 * ilfo and ilvl of paragraph properties; undefined where they do not say (the style decides).
 * @param {Buffer} grpprl @returns {{ ilfo: number | undefined, ilvl: number | undefined }}
 */
function listOf(grpprl) {
  /** @type {number | undefined} */
  let ilfo;
  /** @type {number | undefined} */
  let ilvl;
  for (let at = 0; at + 2 <= grpprl.length; ) {
    const sprm = grpprl.readUInt16LE(at);
    at += 2;
    if (sprm === SPRM_ILFO && at + 2 <= grpprl.length) ilfo = grpprl.readUInt16LE(at);
    if (sprm === SPRM_ILVL && at < grpprl.length) ilvl = grpprl[at];
    const bytes = OPERAND_BYTES[sprm >> 13];
    // Tab and table definitions have sizes of their own: the list properties come before them in practice.
    if (bytes < 0 && (sprm === 0xc615 || sprm === 0xd608)) break;
    at += bytes >= 0 ? bytes : (grpprl[at] ?? 0) + 1;
  }
  return { ilfo, ilvl };
}

/**
 * Labels of the body's numbered paragraphs, by the character position (CP) where each paragraph starts.
 * @param {Buffer} wordDocument @param {Buffer} table
 * @param {{ startCp: number, startFilePos: number, size: number, bpc: number }[]} pieces word-extractor's pieces
 * @param {number} ccpText characters in the body
 * @returns {Map<number, string>}
 */
export function docListLabels(wordDocument, table, pieces, ccpText) {
  /** @type {Map<number, string>} */
  const labels = new Map();
  const pair = (/** @type {number} */ index) => [
    wordDocument.readUInt32LE(FC_LCB + index * 8),
    wordDocument.readUInt32LE(FC_LCB + index * 8 + 4),
  ];
  if (wordDocument.length < FC_LCB + (PLF_LFO + 1) * 8) return labels;
  const [fcLst, lcbLst] = pair(PLF_LST);
  const [fcLfo, lcbLfo] = pair(PLF_LFO);
  if (!lcbLst || !lcbLfo || fcLst + lcbLst > table.length || fcLfo + lcbLfo > table.length) return labels;

  /** @type {Map<number, Level[]>} */
  const lists = new Map();
  const cLst = table.readInt16LE(fcLst);
  // The LVLs follow the PlfLst: nine per list, one for a simple list.
  let at = fcLst + 2 + cLst * 28;
  for (let i = 0; i < cLst; i++) {
    const lstf = fcLst + 2 + i * 28;
    const count = table[lstf + 26] & 0x01 ? 1 : 9;
    const levels = [];
    for (let l = 0; l < count && at + 28 <= table.length; l++) {
      const read = readLevel(table, at);
      levels.push(read.level);
      at = read.next;
    }
    lists.set(table.readInt32LE(lstf), levels);
  }

  // LFOs (the ilfo of a paragraph is 1-based into them), then each one's level overrides.
  const lfoMac = table.readUInt32LE(fcLfo);
  /** @type {{ lsid: number, levels: Level[], starts: Map<number, number> }[]} */
  const lfos = [];
  let data = fcLfo + 4 + lfoMac * 16;
  for (let i = 0; i < lfoMac && fcLfo + 4 + i * 16 + 16 <= table.length; i++) {
    const lfo = fcLfo + 4 + i * 16;
    const lsid = table.readInt32LE(lfo);
    const levels = [...(lists.get(lsid) ?? [])];
    /** @type {Map<number, number>} */
    const starts = new Map();
    const overrides = table[lfo + 12];
    data += 4; // the LFOData's cp
    for (let o = 0; o < overrides && data + 8 <= table.length; o++) {
      const start = table.readInt32LE(data);
      const flags = table.readUInt32LE(data + 4);
      data += 8;
      const level = flags & 0x0f;
      if (level > 8) {
        // Not an override as MS-DOC lays it out (seen in lists converted from Word 6): the overrides of this
        // and the later LFOs are not read, their lists' own levels are.
        data = table.length;
        break;
      }
      if (flags & 0x10) starts.set(level, start);
      if (flags & 0x20) {
        const read = readLevel(table, data);
        levels[level] = read.level;
        data = read.next;
      }
    }
    lfos.push({ lsid, levels, starts });
  }

  // Paragraphs from the PAPX pages: where each starts in the file, and its list.
  // Pieces by file position, searched by halves: a file of many pieces and many paragraphs stays fast.
  const byFile = [...pieces].sort((a, b) => a.startFilePos - b.startFilePos);
  const cpOf = (/** @type {number} */ fc) => {
    let low = 0;
    let high = byFile.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const piece = byFile[mid];
      if (fc < piece.startFilePos) high = mid - 1;
      else if (fc >= piece.startFilePos + piece.size) low = mid + 1;
      else return piece.startCp + Math.floor((fc - piece.startFilePos) / piece.bpc);
    }
    return -1;
  };
  const [fcBte, lcbBte] = pair(PLCF_BTE_PAPX);
  const plc = table.subarray(fcBte, fcBte + lcbBte);
  const pages = Math.floor((lcbBte - 4) / 8);
  /** @type {{ cp: number, ilfo: number, ilvl: number }[]} */
  const paragraphs = [];
  for (let i = 0; i < pages && (pages + 1) * 4 + i * 4 + 4 <= plc.length; i++) {
    const page = plc.readUInt32LE((pages + 1) * 4 + i * 4);
    const fkp = wordDocument.subarray(page * 512, page * 512 + 512);
    if (fkp.length < 512) continue;
    const runs = fkp[511];
    for (let j = 0; j < runs && (runs + 1) * 4 + j * 13 < 511; j++) {
      const offset = fkp[(runs + 1) * 4 + j * 13] * 2;
      if (!offset) continue;
      const cb = fkp[offset];
      const body = cb
        ? fkp.subarray(offset + 1, offset + 2 * cb)
        : fkp.subarray(offset + 2, offset + 2 + 2 * fkp[offset + 1]);
      if (body.length < 2) continue;
      // Lists given by a paragraph's style (numbered headings) are not read: only its own properties.
      const own = listOf(body.subarray(2));
      const ilfo = own.ilfo ?? 0;
      const ilvl = own.ilvl ?? 0;
      if (ilfo < 1 || ilfo > lfos.length || ilvl > 8) continue;
      const cp = cpOf(fkp.readUInt32LE(j * 4));
      if (cp >= 0 && cp < ccpText) paragraphs.push({ cp, ilfo, ilvl });
    }
  }
  paragraphs.sort((a, b) => a.cp - b.cp);

  /** @type {Map<string, (number | undefined)[]>} */
  const counters = new Map();
  for (const { cp, ilfo, ilvl } of paragraphs) {
    const lfo = lfos[ilfo - 1];
    const format = lfo.levels[ilvl];
    if (!format) continue;
    // Lists of one definition continue one count, unless an override restarts it.
    const key = lfo.starts.size ? `lfo${ilfo}` : `lst${lfo.lsid}`;
    const counts = counters.get(key) ?? [];
    counters.set(key, counts);
    const startOf = (/** @type {number} */ l) => lfo.starts.get(l) ?? lfo.levels[l]?.start ?? 1;
    const count = counts[ilvl];
    counts[ilvl] = count === undefined ? startOf(ilvl) : count + 1;
    for (let l = 0; l < ilvl; l++) counts[l] ??= startOf(l);
    for (let l = ilvl + 1; l < counts.length; l++) {
      const deeper = lfo.levels[l];
      if (!deeper?.noRestart || ilvl < deeper.restartLimit) counts[l] = undefined;
    }
    if (format.format === 'bullet' || format.format === 'none') continue;
    // Characters 0-8 of the level's text stand for the numbers of levels 1-9.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: Word's level placeholders are the characters 0-8.
    const label = format.text.replace(/[\u0000-\u0008]/g, (c) => {
      const l = c.charCodeAt(0);
      return formatNumber(
        counts[l] ?? startOf(l),
        format.legal ? 'decimal' : (lfo.levels[l]?.format ?? 'decimal'),
      );
    });
    if (/[\p{L}\p{N}]/u.test(label)) labels.set(cp, `${label} `);
  }
  return labels;
}
