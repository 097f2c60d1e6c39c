// Page numbers for formats that do not store pages (Word, web pages, RTF): the page breaks the file has, else
// pages of a fixed size that are labelled as estimated. Shared by the text reader and the picture reader
// (image-extract.mjs) so that a picture and its text get the same page number.

/** Characters that make one page of text for formats without pages (web pages, Word without page breaks). */
export const CHARS_PER_PAGE = 3000;

/**
 * Longest stretch kept as one page between two page breaks. A page of small print holds about 5000
 * characters; a longer stretch means the file lacks breaks there (Word writes rendered breaks only for the
 * pages it laid out; other programs write only the author's hard breaks), so it is cut and the page numbers
 * become estimates.
 */
export const MAX_PAGE_CHARS = 6000;

/**
 * Splits paragraphs (page breaks in them as form feeds) into pages.
 * @param {string[]} lines one paragraph each
 * @returns {{ pages: string[], starts: number[], estimated: boolean }} the pages' text; for each paragraph the
 *   1-based page its content starts on (after breaks that open it); whether the pages are estimates
 */
export function paginateLines(lines) {
  const hasBreaks = lines.some((line) => line.includes('\f'));
  const limit = hasBreaks ? MAX_PAGE_CHARS : CHARS_PER_PAGE;
  let estimated = !hasBreaks;
  /** @type {string[]} */
  const pages = [''];
  /** @type {number[]} */
  const starts = [];
  for (const line of lines) {
    const segments = line.split('\f');
    const first = segments[0];
    const last = pages.length - 1;
    if (first.trim() && pages[last].trim() && pages[last].length + first.length > limit) {
      pages.push('');
      if (hasBreaks) estimated = true;
    }
    // A paragraph that opens with a break starts on the page after it.
    starts.push(first.trim() || segments.length === 1 ? pages.length : pages.length + segments.length - 1);
    pages[pages.length - 1] = pages[pages.length - 1] ? `${pages[pages.length - 1]}\n${first}` : first;
    for (const segment of segments.slice(1)) pages.push(segment);
  }
  return { pages, starts, estimated };
}
