// Parses a document in a worker thread with a time limit and a heap limit: a zip bomb, a pdf that makes the
// parser loop or a file that exhausts memory ends that thread and answers a reason; the server goes on.
import { Worker } from 'node:worker_threads';
import { storableText } from '../storable-text.js';
import type { ParseQueue } from './parse-queue.js';

/**
 * The readers of parse-worker.mjs. `html` is a fetched web page (Readability keeps its article); `htmldoc`,
 * `mht`, `rtf`, `wordml` (Word 2003 XML) and `wordperfect` (WordPerfect 4.2) are uploaded files, often named .doc
 * by the program that wrote them; `image` is a picture of a page (png, jpeg, webp), read by OCR as one page.
 */
export type ParseKind =
  | 'pdf'
  | 'docx'
  | 'pptx'
  | 'doc'
  | 'ppt'
  | 'html'
  | 'htmldoc'
  | 'mht'
  | 'rtf'
  | 'wordml'
  | 'wordperfect'
  | 'image';
export type ParseFailure =
  | 'broken'
  | 'bomb'
  | 'unreadable'
  | 'unsupported'
  | 'timeout'
  | 'memory'
  /** The file is encrypted with a password (pdf, Office). */
  | 'password'
  /** A pdf over ParseLimits.maxPages; the message is its page count. */
  | 'pages'
  /** A picture of a page while OCR is turned off: nothing else reads it. */
  | 'ocr-off'
  /** A picture of more pixels than ParseLimits.ocr.maxPixels; the message is its pixel count. */
  | 'pixels';

export class DocumentParseError extends Error {
  constructor(
    readonly reason: ParseFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseLimits {
  timeoutMs: number;
  maxHeapMb: number;
  /** The server-wide parse budget: the worker starts only when the queue gives it a slot. */
  queue: ParseQueue;
  /** Pdf pages allowed: a longer pdf is refused from its page count, before its text is read. */
  maxPages?: number;
  /**
   * Reading of pdf pages without a text layer and of pictures of pages (ocr.mjs); absent: off. Once the text
   * is read, the parse runs on under `timeoutMs` of its own instead of the parse limit. A picture of more than
   * `maxPixels` is refused before it is decoded.
   */
  ocr?: { languages: string[]; timeoutMs: number; maxPixels: number };
  /** Called as the pages without text are read: page `page` of `pages` (0 when the reading starts). */
  onProgress?: (progress: ParseProgress) => void;
}

export interface ParseProgress {
  page: number;
  pages: number;
}

export interface ParsedDocument {
  /** Text of each page (slide for presentations; about 3000 characters for formats without pages). */
  pages: string[];
  title: string;
  /** What the bytes turned out to be (the worker reads by content, not by the declared kind). */
  kind: ParseKind;
  /** The pages are of a fixed size, not the file's own (pagination.mjs): their numbers are estimates. */
  estimated: boolean;
  /** The media type of a picture of a page (image/png, image/jpeg, image/webp); other kinds have their own. */
  contentType?: string;
}

/** What a picture run keeps (config DOCS_IMAGES_*; see image-extract.mjs). */
export interface ImageLimits {
  minSide: number;
  maxCount: number;
  maxTotalBytes: number;
  maxPixels: number;
}

export interface ExtractedImage {
  /** The page or slide (1-based) showing it; null when the file does not say (headers, layouts). */
  page: number | null;
  width: number;
  height: number;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
}

const workerUrl = new URL('./parse-worker.mjs', import.meta.url);

type WorkerAnswer<T> = ({ ok: true } & T) | { ok: false; reason: ParseFailure; message: string };

interface WorkerInput {
  kind: ParseKind;
  bytes: Buffer;
  url?: string;
  images?: ImageLimits;
}

/**
 * The file's bytes, read only once the parse has its slot: a parse waiting in the queue holds no copy of
 * its file (a crowd of waiting 100 MB uploads would otherwise fill the memory the queue protects).
 */
export type LoadBytes = () => Promise<{ kind: ParseKind; bytes: Buffer }>;

function runWorker<T>(load: () => Promise<WorkerInput>, limits: ParseLimits): Promise<T> {
  return limits.queue.run(async () => startWorker<T>(await load(), limits));
}

function startWorker<T>(data: WorkerInput, limits: ParseLimits): Promise<T> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(data.bytes).buffer;
    const worker = new Worker(workerUrl, {
      workerData: { ...data, bytes: copy, maxPages: limits.maxPages, ocr: data.images ? null : limits.ocr },
      transferList: [copy],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxHeapMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const expire = (ms: number) =>
      setTimeout(
        () => settle(() => reject(new DocumentParseError('timeout', `no result within ${ms} ms`))),
        ms,
      );
    let timer = expire(limits.timeoutMs);
    worker.on('message', (message: WorkerAnswer<T> | { progress: ParseProgress }) => {
      if ('progress' in message) {
        // The text is read; reading the pages without one has its own limit (the worker stops itself at
        // it and answers with what it read; this is the backstop).
        if (message.progress.page === 0 && limits.ocr) {
          clearTimeout(timer);
          timer = expire(limits.ocr.timeoutMs + 10_000);
        }
        limits.onProgress?.(message.progress);
        return;
      }
      settle(() =>
        message.ok ? resolve(message) : reject(new DocumentParseError(message.reason, message.message)),
      );
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          new DocumentParseError(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'broken',
            error.message,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new DocumentParseError('broken', `parser exited with code ${code}`))),
    );
  });
}

/** Parses bytes at hand (a fetched web page) or, with a loader, bytes read once the parse may start. */
export async function parseInWorker(
  kind: ParseKind,
  bytes: Buffer | LoadBytes,
  limits: ParseLimits,
  url = '',
): Promise<ParsedDocument> {
  const load = typeof bytes === 'function' ? bytes : async () => ({ kind, bytes });
  const parsed = await runWorker<ParsedDocument>(async () => ({ ...(await load()), url }), limits);
  // A file's text may hold NUL bytes (pdf strings, old Word files) that the database cannot store.
  return {
    pages: storableText(parsed.pages),
    title: storableText(parsed.title),
    kind: parsed.kind,
    estimated: parsed.estimated,
    contentType: parsed.contentType,
  };
}

/** The pictures of a document, in a worker run of their own under the same limits as its text. */
export async function extractImagesInWorker(
  load: LoadBytes,
  limits: ParseLimits,
  images: ImageLimits,
): Promise<ExtractedImage[]> {
  return (await runWorker<{ images: ExtractedImage[] }>(async () => ({ ...(await load()), images }), limits))
    .images;
}
