// The numbers Word draws but does not store as text: list numbers ("2.", "b)", "iii.") from
// word/numbering.xml, and the marks of footnotes and endnotes, numbered in the order they appear. Readers
// that keep only the stored text lose them, and with them what "step 3" or "note ii" refers to.

/** @param {number} n */
function roman(n) {
  if (n <= 0 || n >= 4000) return String(n);
  const table = /** @type {[number, string][]} */ ([
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ]);
  let out = '';
  for (const [value, letters] of table)
    while (n >= value) {
      out += letters;
      n -= value;
    }
  return out;
}

/** Word's letter numbering: a..z, then aa..zz, aaa... (the letter repeated). @param {number} n */
const letters = (n) =>
  n <= 0 ? String(n) : String.fromCharCode(97 + ((n - 1) % 26)).repeat(Math.ceil(n / 26));

/** @param {number} n */
function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * A number as a Word number format (ST_NumberFormat) writes it; formats spelt out in words or in other
 * scripts' digits fall back to decimal. @param {number} n @param {string} format
 */
export function formatNumber(n, format) {
  switch (format) {
    case 'lowerRoman':
      return roman(n);
    case 'upperRoman':
      return roman(n).toUpperCase();
    case 'lowerLetter':
      return letters(n);
    case 'upperLetter':
      return letters(n).toUpperCase();
    case 'decimalZero':
      return n < 10 ? `0${n}` : String(n);
    case 'ordinal':
      return ordinal(n);
    case 'bullet':
    case 'none':
      return '';
    default:
      return String(n);
  }
}

const attr = (/** @type {string} */ xml, /** @type {string} */ name) =>
  new RegExp(`<w:${name}\\b[^>]*\\bw:val="([^"]*)"`).exec(xml)?.[1];

/**
 * One level of a list: its first number, its number format, the label's pattern (%1..%9 are the numbers of
 * levels 1..9), whether it shows every number as decimal (legal numbering, "2.18.2.1"), and after which
 * level it starts again (lvlRestart: 0 never; unset: after any shallower level).
 * @typedef {{ start: number, format: string, text: string, legal: boolean, restart: number | undefined }} Level
 */

/** Levels of an abstractNum (or of a level override). @param {string} xml @returns {Map<number, Level>} */
function levels(xml) {
  /** @type {Map<number, Level>} */
  const found = new Map();
  for (const m of xml.matchAll(/<w:lvl\b[^>]*\bw:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)) {
    const body = m[2];
    const restart = attr(body, 'lvlRestart');
    found.set(Number(m[1]), {
      // A level without w:start starts at 0 (ST_DecimalNumber's default in w:start).
      start: Number(attr(body, 'start') ?? 0),
      format: attr(body, 'numFmt') ?? 'decimal',
      text: attr(body, 'lvlText') ?? '',
      legal: /<w:isLgl\b(?![^>]*w:val="(?:0|false)")/.test(body),
      restart: restart === undefined ? undefined : Number(restart),
    });
  }
  return found;
}

/**
 * A counter of list numbers over a Word body, paragraph by paragraph in document order.
 * @param {string | undefined} numberingXml word/numbering.xml
 * @param {string | undefined} stylesXml word/styles.xml (paragraph styles that carry a list, as headings do)
 * @returns {((paragraph: string) => string) | null} the label of one paragraph ('' when it has none)
 */
export function listNumbering(numberingXml, stylesXml) {
  if (!numberingXml) return null;
  /** @type {Map<string, Map<number, Level>>} */
  const abstracts = new Map();
  for (const m of numberingXml.matchAll(
    /<w:abstractNum\b[^>]*\bw:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g,
  ))
    abstracts.set(m[1], levels(m[2]));
  /** @type {Map<string, { key: string, levels: Map<number, Level>, starts: Map<number, number> }>} */
  const lists = new Map();
  for (const m of numberingXml.matchAll(/<w:num\b[^>]*\bw:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    const abstractId = attr(m[2], 'abstractNumId') ?? '';
    const base = abstracts.get(abstractId);
    if (!base) continue;
    const own = new Map(base);
    /** @type {Map<number, number>} */
    const starts = new Map();
    for (const o of m[2].matchAll(
      /<w:lvlOverride\b[^>]*\bw:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvlOverride>/g,
    )) {
      const level = Number(o[1]);
      const start = attr(o[2], 'startOverride');
      if (start !== undefined) starts.set(level, Number(start));
      const replaced = levels(o[2]).get(level);
      if (replaced) own.set(level, replaced);
    }
    // Lists that share an abstract list continue one count, unless one restarts it with its own start.
    lists.set(m[1], { key: starts.size ? `num${m[1]}` : `abstract${abstractId}`, levels: own, starts });
  }
  /** @type {Map<string, { numId: string, level: number }>} */
  const styled = new Map();
  for (const m of (stylesXml ?? '').matchAll(
    /<w:style\b[^>]*\bw:styleId="([^"]*)"[^>]*>([\s\S]*?)<\/w:style>/g,
  )) {
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(m[2])?.[1];
    const numId = numPr && attr(numPr, 'numId');
    if (numId) styled.set(m[1], { numId, level: Number(attr(numPr, 'ilvl') ?? 0) });
  }
  /** @type {Map<string, (number | undefined)[]>} */
  const counters = new Map();
  return (paragraph) => {
    // The piece before a </w:p> may open with the end of an enclosing paragraph: its own properties are the
    // last <w:pPr> after the last <w:p>.
    const open = Math.max(paragraph.lastIndexOf('<w:p>'), paragraph.lastIndexOf('<w:p '));
    if (open < 0) return '';
    const pPr = /^<w:p\b[^>]*>\s*<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(paragraph.slice(open))?.[1];
    if (!pPr) return '';
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(pPr)?.[1];
    const style = styled.get(attr(pPr, 'pStyle') ?? '');
    const numId = (numPr && attr(numPr, 'numId')) ?? style?.numId;
    const list = numId ? lists.get(numId) : undefined;
    if (!list) return '';
    const level = Number((numPr && attr(numPr, 'ilvl')) ?? style?.level ?? 0);
    const format = list.levels.get(level);
    if (!format) return '';
    const counts = counters.get(list.key) ?? [];
    counters.set(list.key, counts);
    const startOf = (/** @type {number} */ l) => list.starts.get(l) ?? list.levels.get(l)?.start ?? 1;
    const count = counts[level];
    counts[level] = count === undefined ? startOf(level) : count + 1;
    // A level skipped on the way down counts as used at its start ("2.a.I" makes the next "2.b").
    for (let l = 0; l < level; l++) counts[l] ??= startOf(l);
    // Deeper levels start again under each new item of this one, unless their lvlRestart says otherwise.
    for (let l = level + 1; l < counts.length; l++) {
      const restart = list.levels.get(l)?.restart;
      if (restart === undefined || (restart !== 0 && level + 1 <= restart)) counts[l] = undefined;
    }
    const label = format.text.replace(/%(\d)/g, (_m, digit) => {
      const l = Number(digit) - 1;
      const shown = l === level ? format : list.levels.get(l);
      return formatNumber(counts[l] ?? startOf(l), format.legal ? 'decimal' : (shown?.format ?? 'decimal'));
    });
    return format.format === 'bullet' || format.format === 'none' || !/[\p{L}\p{N}]/u.test(label)
      ? ''
      : `${label} `;
  };
}

/**
 * Replaces the footnote and endnote marks of a Word part with their numbers in brackets, as text runs: in the body a
 * reference (<w:footnoteReference w:id="2"/>), in the notes part the mark that opens a note (<w:footnoteRef/>
 * inside <w:footnote w:id="2">). Notes are numbered in the order the body refers to them, in the format of
 * settings.xml (footnotes 1, 2, 3 and endnotes i, ii, iii unless it says otherwise); a note with a mark of
 * its own (w:customMarkFollows) keeps that mark's text and gets no number.
 * @param {string} body word/document.xml @param {string | undefined} settings word/settings.xml
 */
export function noteMarks(body, settings) {
  /** @type {Record<'footnote' | 'endnote', Map<string, string>>} */
  const labels = { footnote: new Map(), endnote: new Map() };
  for (const kind of /** @type {const} */ (['footnote', 'endnote'])) {
    const pr = new RegExp(`<w:${kind}Pr>([\\s\\S]*?)</w:${kind}Pr>`).exec(settings ?? '')?.[1] ?? '';
    const format = attr(pr, 'numFmt') ?? (kind === 'footnote' ? 'decimal' : 'lowerRoman');
    const start = Number(attr(pr, 'numStart') ?? 1);
    for (const m of body.matchAll(new RegExp(`<w:${kind}Reference\\b[^>]*>`, 'g'))) {
      const id = /\bw:id="(-?\d+)"/.exec(m[0])?.[1];
      if (id === undefined || labels[kind].has(id)) continue;
      const custom = /w:customMarkFollows="(?:1|true|on)"/.test(m[0]);
      labels[kind].set(id, custom ? '' : formatNumber(start + labels[kind].size, format));
    }
  }
  // In brackets: the mark is a superscript run right after a word, which a plain number would join.
  const run = (/** @type {string} */ text) => (text ? `<w:t>[${text}]</w:t>` : '');
  return {
    /** @param {string} xml */
    body: (xml) =>
      xml.replace(
        /<w:(footnote|endnote)Reference\b[^>]*>/g,
        (tag, /** @type {'footnote' | 'endnote'} */ kind) =>
          run(labels[kind].get(/\bw:id="(-?\d+)"/.exec(tag)?.[1] ?? '') ?? ''),
      ),
    /** @param {string} xml @param {'footnote' | 'endnote'} kind */
    notes: (xml, kind) =>
      xml.replace(new RegExp(`<w:${kind}\\b[^>]*>[\\s\\S]*?</w:${kind}>`, 'g'), (note) => {
        const label = labels[kind].get(/\bw:id="(-?\d+)"/.exec(note)?.[1] ?? '') ?? '';
        return note.replace(new RegExp(`<w:${kind}Ref/>`, 'g'), run(label));
      }),
  };
}
