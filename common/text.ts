// Cutting text to a length without cutting a character: what the client and the server both use to shorten a
// title or a file name.

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` of at most `max` UTF-16 units (the unit of the database's and the contract's
 * lengths) that ends between two characters as a reader sees them: never inside a surrogate pair (an emoji,
 * a rare Chinese character like 𠮷) or a cluster (👨‍👩‍👧, a letter and its accent), which `slice` split into a �.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (end + segment.length > max) break;
    end += segment.length;
  }
  return text.slice(0, end);
}

/** clipText that says it cut: the start and an ellipsis, `max` units in all. */
export function clipWithEllipsis(text: string, max: number): string {
  return text.length <= max ? text : `${clipText(text, max - 1)}…`;
}

/**
 * Text as a search compares it: NFKC folds the full-width letters and digits a Chinese or Japanese input method
 * types (ＰＤＦ, ２０２６) into the plain ones titles are written with, then case is folded for the language.
 */
export function searchKey(text: string, locale?: string): string {
  return text.normalize('NFKC').toLocaleLowerCase(locale);
}
