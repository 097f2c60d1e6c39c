// Citation markers [n] in grounded answers become links to #cite-n (outside code), which the markdown
// renderer shows as superscripts; a click asks the document chat to open the cited page.
import { createContext } from 'react';

export const CITE_PREFIX = '#cite-';

/** Turns [n] into [n](#cite-n) except inside fenced or inline code and existing links. */
export function linkCitations(text: string): string {
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/\[(\d{1,3})\](?![(:])/g, (_m, n: string) => `[${n}](${CITE_PREFIX}${n})`),
    )
    .join('');
}

/** The marker of a citation link: only digits count (anything else is "url not found"). */
export function citationNumber(href: string): number | null {
  const raw = href.slice(CITE_PREFIX.length);
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

export const CiteContext = createContext<((n: number | null) => void) | null>(null);
