// Small text helpers of document chat: file kinds, chunking with page numbers, language and topic guesses.
import type { FileCategory } from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import type { ParseKind } from './parse.js';

export const CHUNK_CHARS = 1200;

const EXTENSION_KIND: Record<string, ParseKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  pptx: 'pptx',
  ppt: 'ppt',
  rtf: 'rtf',
  htm: 'htmldoc',
  html: 'htmldoc',
  mht: 'mht',
  mhtml: 'mht',
  xml: 'wordml',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  tif: 'image',
  tiff: 'image',
};

const MIME_KIND: Record<string, ParseKind> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/html': 'htmldoc',
  'multipart/related': 'mht',
  'message/rfc822': 'mht',
  'application/vnd.ms-wordml': 'wordml',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/webp': 'image',
  'image/tiff': 'image',
};

export const CONTENT_TYPE_OF: Record<ParseKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  html: 'text/html',
  rtf: 'application/rtf',
  wordml: 'application/vnd.ms-wordml',
  wordperfect: 'application/vnd.wordperfect',
  // Served back as a download: an uploaded page shown inline would run its scripts on Parley's origin.
  htmldoc: 'application/octet-stream',
  mht: 'application/octet-stream',
  // A picture's own type (png, jpeg, webp, tiff) is what the worker found (ParsedDocument.contentType).
  image: 'image/png',
};

export const CATEGORY_OF: Record<ParseKind, FileCategory> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'doc',
  ppt: 'ppt',
  pptx: 'ppt',
  html: 'doc',
  htmldoc: 'doc',
  mht: 'doc',
  rtf: 'doc',
  wordml: 'doc',
  wordperfect: 'doc',
  image: 'image',
};

/** The kind a caller declared by name or mime type; null when it is none Parley reads (1002). The worker
 * reads the bytes for what they are: the declared kind only keeps out names no reader could take. */
export function declaredKind(
  fileName: string | undefined,
  contentType: string | undefined,
): ParseKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (extension) return EXTENSION_KIND[extension] ?? null;
  return MIME_KIND[(contentType ?? '').split(';')[0].trim().toLowerCase()] ?? null;
}

/** Page text cut into chunks of about CHUNK_CHARS at sentence ends, each keeping its page number. */
export function chunkPages(pages: string[]): { page: number; content: string }[] {
  const chunks: { page: number; content: string }[] = [];
  pages.forEach((text, index) => {
    const pieces = text.split(/(?<=[.!?。！？])\s+|\n+/u).filter((piece) => piece.trim());
    let current = '';
    for (const piece of pieces) {
      if (current && current.length + piece.length > CHUNK_CHARS) {
        chunks.push({ page: index + 1, content: current });
        current = '';
      }
      // A single piece longer than a chunk (no punctuation) is cut hard.
      for (let start = 0; start < piece.length; start += CHUNK_CHARS * 2) {
        const part = piece.slice(start, start + CHUNK_CHARS * 2);
        current = current ? `${current} ${part}` : part;
      }
    }
    if (current.trim()) chunks.push({ page: index + 1, content: current });
  });
  return chunks;
}

/** The language detector's n-gram tables (eld's small set, 60 languages), loaded once on first use. */
let detector: Promise<typeof import('eld/small')> | null = null;

/**
 * The language of a document's text as an ISO 639-1 code ('unknown' when it has no letters or the detector
 * cannot tell). Arabic when more than half the letters are Arabic script, the rule chat input follows, which
 * also holds for short Arabic titles among numbers; otherwise eld decides from the first 20,000 characters.
 */
export async function guessLanguage(text: string): Promise<string> {
  const sample = text.slice(0, 20_000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 'unknown';
  const arabic = sample.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  if (arabic / letters > 0.5) return 'ar';
  detector ??= import('eld/small');
  const { eld } = await detector;
  return eld.detect(sample).language || 'unknown';
}

/**
 * Marks at either end of a line that no title starts or ends with (quotes, brackets and end punctuation stay: a
 * Word file's first line may end with its footnote mark, "Ouch[1].[2]").
 */
const EDGE_MARKS = /^[^\p{L}\p{N}\p{Sc}"'“‘«([¿¡]+|[^\p{L}\p{N}"'”’».!?)\]]+$/gu;

/** The document's title, else its first line of text, at most 80 characters. */
export function topicOf(title: string, pages: string[], fallback: string): string {
  const fromTitle = title.trim();
  if (fromTitle && !/^(untitled|presentation|pptxgenjs presentation|microsoft word)/i.test(fromTitle))
    return clipText(fromTitle, 80);
  // A scan's first line often opens with what the reader made of specks and rules ("- ~~\\ Basusarri -—---"):
  // those marks are not the title, and a line of them alone is no title at all.
  const firstLine = pages
    .join('\n')
    .split('\n')
    .map((line) => line.trim().replace(EDGE_MARKS, ''))
    .find((line) => line.length > 2 && (line.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3);
  return clipText(firstLine ?? fallback, 80);
}

const STOP = new Set(
  'a an and are as at be but by can do does for from has have how i if in is it its me my no not of on or our so that the their them there these this to was we what when where which who why will with you your please tell about document say says said'.split(
    ' ',
  ),
);

/** Question words for an OR full-text query: letters and digits only (nothing reaches tsquery syntax). */
export function queryTerms(question: string, limit = 12): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.filter((w) => w.length > 1 && !STOP.has(w)))];
  return unique.slice(0, limit);
}
