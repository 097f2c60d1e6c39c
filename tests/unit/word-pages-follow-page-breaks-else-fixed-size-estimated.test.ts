// Page numbers of formats without stored pages (server/services/docs/pagination.mjs): the file's own page
// breaks where it has them; a stretch far longer than a page, or a file with no breaks, is cut into pages
// of a fixed size and the pages are labelled as estimates.
import { describe, expect, it } from 'vitest';
import {
  CHARS_PER_PAGE,
  MAX_PAGE_CHARS,
  paginateLines,
} from '../../server/services/documents/pagination.mjs';

const paragraph = (letter: string, length: number) => letter.repeat(length);

describe('pages of Word and web text', () => {
  it('keeps page breaks as they are, even short pages, and calls the pages real', () => {
    const { pages, starts, estimated } = paginateLines(['one', 'two\fthree', '\ffour', 'five']);
    expect(pages.map((page) => page.trim())).toEqual(['one\ntwo', 'three', 'four\nfive']);
    expect(estimated).toBe(false);
    // A paragraph that opens with a break starts on the page after it.
    expect(starts).toEqual([1, 1, 3, 3]);
  });

  it('cuts text without breaks at paragraph ends into pages of about a fixed size, estimated', () => {
    const lines = Array.from({ length: 10 }, (_v, i) => paragraph(String(i), 1000));
    const { pages, estimated } = paginateLines(lines);
    expect(estimated).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(CHARS_PER_PAGE);
    expect(pages.join('\n')).toBe(lines.join('\n'));
  });

  it('cuts a stretch between breaks that is longer than any page, and then calls the pages estimated', () => {
    // A title page, one hard break, then 27,000 characters that the writing program never broke.
    const lines = ['Title\f', ...Array.from({ length: 27 }, (_v, i) => paragraph(String(i % 10), 1000))];
    const { pages, estimated } = paginateLines(lines);
    expect(estimated).toBe(true);
    expect(pages[0].trim()).toBe('Title');
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(MAX_PAGE_CHARS);
  });
});
