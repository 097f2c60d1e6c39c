// Small text helpers of document chat: file kinds, chunking with page numbers, language and topic guesses.
import type { FileCategory } from '../../../src/api/contract.js';
import type { ParseKind } from './parse.js';

export const CHUNK_CHARS = 1200;

const EXTENSION_KIND: Record<string, ParseKind> = {
  pdf: 'pdf',
  docx: 'docx',
  doc: 'doc',
  pptx: 'pptx',
  ppt: 'ppt',
};

const MIME_KIND: Record<string, ParseKind> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

export const CONTENT_TYPE_OF: Record<ParseKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  html: 'text/html',
};

export const CATEGORY_OF: Record<ParseKind, FileCategory> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'doc',
  ppt: 'ppt',
  pptx: 'ppt',
  html: 'doc',
};

/** The kind a caller declared by name or mime type; null when it is none Parley reads (1002). */
export function declaredKind(
  fileName: string | undefined,
  contentType: string | undefined,
): ParseKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (extension) return EXTENSION_KIND[extension] ?? null;
  return MIME_KIND[(contentType ?? '').split(';')[0].trim().toLowerCase()] ?? null;
}

/** The kind the bytes really are within the declared family (a .doc that is really a docx, and so on). */
export function sniffKind(bytes: Buffer, declared: ParseKind): ParseKind | null {
  const family = declared === 'doc' || declared === 'docx' ? 'word' : declared === 'pdf' ? 'pdf' : 'slides';
  if (bytes.subarray(0, 1024).includes('%PDF-')) return family === 'pdf' ? 'pdf' : null;
  if (bytes.readUInt32LE(0) === 0x04034b50)
    return family === 'word' ? 'docx' : family === 'slides' ? 'pptx' : null;
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1)
    return family === 'word' ? 'doc' : family === 'slides' ? 'ppt' : null;
  return null;
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

/** The spec's rule (Arabic when more than half the letters are Arabic script), extended to Chinese and Spanish. */
export function guessLanguage(text: string): string {
  const sample = text.slice(0, 20_000);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 'unknown';
  const arabic = sample.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  if (arabic / letters > 0.5) return 'ar';
  const han = sample.match(/\p{Script=Han}/gu)?.length ?? 0;
  if (han / letters > 0.3) return 'zh';
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  const count = (list: Set<string>) => words.filter((w) => list.has(w)).length;
  const spanish = count(
    new Set(['el', 'la', 'los', 'las', 'que', 'del', 'por', 'para', 'con', 'una', 'es', 'y']),
  );
  const english = count(
    new Set(['the', 'and', 'of', 'to', 'is', 'that', 'for', 'with', 'this', 'are', 'it']),
  );
  return spanish > english ? 'es' : 'en';
}

/** The document's title, else its first line of text, at most 80 characters. */
export function topicOf(title: string, pages: string[], fallback: string): string {
  const fromTitle = title.trim();
  if (fromTitle && !/^(untitled|presentation|pptxgenjs presentation|microsoft word)/i.test(fromTitle))
    return fromTitle.slice(0, 80);
  const firstLine = pages
    .join('\n')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 2);
  return (firstLine ?? fallback).slice(0, 80);
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
