// The offline model's sense of what a text is about: its most frequent words that are not stop words.

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in is it its me my no not of on or our so that the their them there these this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

// Chinese and Japanese are written without spaces, so words come from the runtime's dictionary segmenter
// (a whitespace split reads a whole Chinese sentence as one word). Its single characters are mostly
// particles (的, 了, 是) and these two-character words say nothing about a topic.
const CJK_STOP_WORDS = new Set(
  '一下 什么 怎么 为什么 这个 那个 这些 那些 我们 你们 他们 可以 还是 就是 因为 所以 如果 但是 然后 请问 请用 一个 没有 现在'.split(
    ' ',
  ),
);
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The words of a text as a reader counts them, in any script (lower-cased). */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const part of segmenter.segment(text.toLowerCase())) if (part.isWordLike) words.push(part.segment);
  return words;
}

/** Words that can carry a topic: three letters or more, or two characters or more in a CJK script. */
export function contentWords(text: string): string[] {
  return wordsOf(text).filter((word) =>
    CJK.test(word)
      ? Array.from(word).length >= 2 && !CJK_STOP_WORDS.has(word)
      : Array.from(word).length >= 3 && !STOP_WORDS.has(word),
  );
}

export function keyTerms(text: string, limit = 5): string[] {
  const counts = new Map<string, number>();
  for (const word of contentWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([word]) => word);
}
