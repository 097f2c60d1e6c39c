// Word recall of a parsed text against a reference reader's text (pdftotext, pandoc): the share of the
// reference's words, counted with repeats, that the parsed text holds. CJK characters count one by one,
// since those scripts do not separate words with spaces.
const WORDS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu;

function counts(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const word of text.normalize('NFKC').toLowerCase().match(WORDS) ?? [])
    found.set(word, (found.get(word) ?? 0) + 1);
  return found;
}

export function wordRecall(reference: string, parsed: string): number {
  const want = counts(reference);
  const have = counts(parsed);
  let total = 0;
  let kept = 0;
  for (const [word, n] of want) {
    total += n;
    kept += Math.min(n, have.get(word) ?? 0);
  }
  return total === 0 ? 1 : kept / total;
}

/**
 * The reference's words that the parsed text lacks, with how many of each are missing, most missed first: what a
 * recall below 1 is made of, so a reader can tell the parser's misses from the reference's own misreadings.
 */
export function missingWords(reference: string, parsed: string): [word: string, missing: number][] {
  const have = counts(parsed);
  return [...counts(reference)]
    .map(([word, n]): [string, number] => [word, n - Math.min(n, have.get(word) ?? 0)])
    .filter(([, missing]) => missing > 0)
    .sort((a, b) => b[1] - a[1]);
}
