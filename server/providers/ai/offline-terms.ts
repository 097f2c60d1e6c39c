// The offline model's sense of what a text is about: its most frequent words that are not stop words.

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in is it its me my no not of on or our so that the their them there these this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

export function keyTerms(text: string, limit = 5): string[] {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]{2,}/gu) ?? []) {
    if (STOP_WORDS.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([word]) => word);
}
