// Documents of document chat: parse an uploaded file or a web page once per owner, keep its text in
// page-numbered chunks, and answer only to the owner. Every read is scoped by owner_id.

import crypto from 'node:crypto';
import { and, countDistinct, eq } from 'drizzle-orm';
import {
  type CreatedDocument,
  DEFAULT_LANGUAGE,
  type DocumentPages,
  type DocumentReadAgain,
  ENHANCED_FILE_MAX_PAGES,
  type Language,
  type OcrLanguageChoice,
  ParseStatus,
  ResponseCode,
  type ResponseCodeValue,
} from '../../../common/contract/index.js';
import type { DocsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { chunkEmbeddings, documentChunks, documentImageRuns, documents, users } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Logger } from '../../logger.js';
import type { MessageKey } from '../../messages/index.js';
import { SafeFetchError, safeFetch } from '../../net/safe-fetch.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';
import type { Meter } from '../billing/quotas.js';
import { createKeyedLock } from '../keyed-lock.js';
import { storableText } from '../storable-text.js';
import type { ObjectUploads } from '../uploads/object-uploads.js';
import { toUserInfo } from '../user/user-info.js';
import { documentChoices } from '../user/user-settings.js';
import type { EmbeddingIndex } from './embeddings.js';
import {
  DocumentParseError,
  type LoadBytes,
  type ParsedDocument,
  type ParseKind,
  type ParseProgress,
  parseInWorker,
} from './parse.js';
import type { ParseQueue } from './parse-queue.js';
import { CATEGORY_OF, CONTENT_TYPE_OF, chunkPages, declaredKind, guessLanguage, topicOf } from './text.js';

export type DocumentRow = typeof documents.$inferSelect;

/** Tesseract's language for each language of the app; English is always read as well. */
const OCR_LANGUAGE_OF: Record<Language, string> = { en: 'eng', es: 'spa', ar: 'ara', zh: 'chi_sim' };
/**
 * The languages a page is read in: the user's chosen one, else (Auto) the operator's DOCS_OCR_LANGUAGES, else
 * the uploader's app language; English joins a single language, since scans in any language carry English too.
 */
const ocrLanguagesFor = (language: Language, fixed: string[] | null, chosen: OcrLanguageChoice) =>
  chosen !== 'Auto'
    ? [...new Set(['eng', chosen])]
    : (fixed ?? [...new Set(['eng', OCR_LANGUAGE_OF[language] ?? 'eng'])]);

/** Who turned OCR off for a parse: the operator (DOCS_OCR=off) or the uploader in Settings; null: it was on. */
type OcrOff = 'server' | 'user' | null;

/** Document codes answer in the envelope (HTTP 200), as 20001 does. */
const fail = (code: ResponseCodeValue, key: MessageKey, params?: Record<string, string>) =>
  new AppError(code, key, { httpStatus: 200, params });
/** A refusal of what the file is (damaged, protected, too long, without text): sending it again cannot help. */
const refuseFile = (code: ResponseCodeValue, key: MessageKey, params?: Record<string, string>) =>
  new AppError(code, key, { httpStatus: 200, params, final: true });

export const toCreatedDocument = (row: DocumentRow): CreatedDocument => ({
  md5: row.md5,
  fileName: row.fileName,
  fileType: row.fileType as CreatedDocument['fileType'],
  fileContentType: row.contentType,
  topic: row.topic,
  language: row.language,
  page_count: row.pageCount,
  pages_estimated: row.pagesEstimated,
  parseStatus: row.parseStatus,
});

/**
 * A document in which nothing was found to read. Only a pdf's pages and a picture are read as pictures (OCR): a
 * Word or PowerPoint file without text is told so (its pictures are never read), and sending it again cannot
 * help; a pdf or picture read with OCR off can, once it is on (`ocrOffByUser` says where to turn it on).
 */
function noTextRefusal(kind: ParseKind, ocrOff: OcrOff, ocrOffByUser: MessageKey): AppError {
  // A web page without words reads as one that could not be read (its link may answer better later).
  if (kind === 'html') return fail(ResponseCode.UrlParseError, 'docs.urlUnreadable');
  if (kind !== 'pdf' && kind !== 'image') return refuseFile(ResponseCode.BadRequest, 'docs.noTextInFile');
  if (ocrOff)
    return fail(
      ResponseCode.BadRequest,
      kind === 'image' ? 'docs.noTextInPicture' : ocrOff === 'user' ? ocrOffByUser : 'docs.noTextOcrOff',
    );
  return refuseFile(ResponseCode.BadRequest, kind === 'image' ? 'docs.noTextInPicture' : 'docs.noText');
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

function parseFailure(error: unknown, config: DocsConfig, ocrOff: OcrOff): AppError {
  if (!(error instanceof DocumentParseError)) throw error;
  switch (error.reason) {
    case 'unreadable':
      return fail(ResponseCode.UrlParseError, 'docs.urlUnreadable');
    case 'unsupported':
      return fail(ResponseCode.FileTypeUnsupported, 'docs.unsupported');
    case 'password':
      return refuseFile(ResponseCode.BadRequest, 'docs.password');
    case 'ocr-off':
      return fail(
        ResponseCode.FileTypeUnsupported,
        ocrOff === 'user' ? 'docs.pictureOcrOffByUser' : 'docs.pictureOcrOff',
      );
    case 'pixels':
      return fail(ResponseCode.BadRequest, 'docs.pictureTooLarge', {
        megapixels: String(Math.ceil(Number(error.message) / 1_000_000)),
        limit: String(Math.floor(config.ocr.maxPixels / 1_000_000)),
      });
    case 'pages':
      return refuseFile(ResponseCode.FilePagesExceedLimit, 'docs.tooManyPages', {
        pages: error.message,
        limit: String(ENHANCED_FILE_MAX_PAGES),
      });
    case 'bomb':
    case 'memory':
    case 'timeout':
      return fail(ResponseCode.BadRequest, 'docs.tooComplex', { limit: mib(config.parseMaxBytes) });
    default:
      return refuseFile(ResponseCode.BadRequest, 'docs.broken');
  }
}

export function createDocumentService(deps: {
  db: Database;
  store: ObjectStore;
  /** Who proved they hold which stored files: only they make documents of them. */
  objectUploads: ObjectUploads;
  config: DocsConfig;
  allowHosts: readonly string[];
  logger: Logger;
  embeddings?: EmbeddingIndex;
  /** Reads a new document's pictures after its text (document-images.ts). */
  images?: { schedule(row: DocumentRow): void };
  /** The plan quotas (services/billing/quotas.ts): new documents and their pages per period. */
  meter: Pick<Meter, 'assertUpload' | 'assertPages' | 'recordUpload' | 'recordPages'>;
  parseQueue: ParseQueue;
  /** Other instances may share the database (PostgreSQL): the quota lock holds across them. */
  shared?: boolean;
}) {
  const { db, store, config } = deps;
  const quotaLock = createKeyedLock(deps.shared ? { db, name: 'document-quota' } : null);

  async function owned(caller: Caller, md5: string): Promise<DocumentRow | null> {
    const rows = await db
      .select()
      .from(documents)
      .where(and(eq(documents.ownerId, caller.userId), eq(documents.md5, md5.toLowerCase())))
      .limit(1);
    return rows[0] ?? null;
  }

  async function planOf(caller: Caller) {
    const [row] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
    return toUserInfo(row);
  }

  /** Pages being read by OCR, by owner and md5, while their document is parsed (GET parseProgress). */
  const reading = new Map<string, ParseProgress>();
  const readingKey = (caller: Caller, md5: string) => `${caller.userId}:${md5.toLowerCase()}`;

  /**
   * @param reader who asks (their language joins English for OCR) and the md5 the progress is kept under
   */
  async function parse(
    kind: ParseKind,
    reader: { caller: Caller; md5: string; language: Language },
    bytes: Buffer | LoadBytes,
    url = '',
  ): Promise<ParsedDocument & { ocrOff: OcrOff }> {
    const key = readingKey(reader.caller, reader.md5);
    // The uploader's own switch and language, read for every parse: nothing parsed is kept by md5 across users
    // or failed uploads (a document is stored per owner, and only once it has text), so a file parsed with OCR
    // off gives no one else, nor this user once OCR is back on, its "no text".
    const choices = await documentChoices(db, reader.caller.userId);
    const ocrOff: OcrOff = !config.ocr.enabled ? 'server' : !choices.ocr ? 'user' : null;
    try {
      const parsed = await parseInWorker(
        kind,
        bytes,
        {
          timeoutMs: config.parseTimeoutMs,
          maxHeapMb: config.parseMaxHeapMb,
          queue: deps.parseQueue,
          maxPages: ENHANCED_FILE_MAX_PAGES,
          ocr: !ocrOff
            ? {
                languages: ocrLanguagesFor(reader.language, config.ocr.languages, choices.ocrLanguage),
                timeoutMs: config.ocr.timeoutMs,
                maxPixels: config.ocr.maxPixels,
              }
            : undefined,
          onProgress: (progress) => reading.set(key, progress),
        },
        url,
      );
      return { ...parsed, ocrOff };
    } catch (error) {
      if (error instanceof DocumentParseError)
        deps.logger.warn({ reason: error.reason, detail: error.message, kind }, 'document not parsed');
      throw parseFailure(error, config, ocrOff);
    } finally {
      reading.delete(key);
    }
  }

  /** Stores a read document once it passed the per-file page limit and the plan's page quota. */
  async function save(
    caller: Caller,
    parsed: ParsedDocument & { ocrOff: OcrOff },
    meta: { md5: string; fileName: string; kind: ParseKind; url: string | null },
    /** Work to do only for a document that will be kept (a fetched pdf's bytes into the store). */
    beforeInsert?: () => Promise<void>,
  ): Promise<DocumentRow> {
    const pageCount = parsed.pages.length;
    if (pageCount > ENHANCED_FILE_MAX_PAGES)
      throw refuseFile(ResponseCode.FilePagesExceedLimit, 'docs.tooManyPages', {
        pages: String(pageCount),
        limit: String(ENHANCED_FILE_MAX_PAGES),
      });
    const chunks = chunkPages(parsed.pages);
    if (chunks.length === 0) throw noTextRefusal(meta.kind, parsed.ocrOff, 'docs.noTextOcrOffByUser');
    const language = await guessLanguage(parsed.pages.join('\n'));
    const id = newId();
    // The quota check and the insert are one step per user: two uploads finishing together cannot both
    // take the last document or pages of the period.
    const row = await quotaLock(caller.userId, async () => {
      // A second tab created the same document a moment earlier: that one is the answer, not a new one.
      if (await owned(caller, meta.md5)) return undefined;
      await deps.meter.assertUpload(caller);
      await deps.meter.assertPages(caller, pageCount);
      await beforeInsert?.();
      const [inserted] = await db
        .insert(documents)
        .values({
          id,
          ownerId: caller.userId,
          md5: meta.md5,
          fileName: meta.fileName,
          fileType: CATEGORY_OF[meta.kind],
          contentType: parsed.contentType ?? CONTENT_TYPE_OF[meta.kind],
          url: meta.url,
          topic: topicOf(parsed.title, parsed.pages, meta.fileName),
          language,
          pageCount,
          pagesEstimated: parsed.estimated,
          parseStatus: ParseStatus.TextFinished,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) await deps.meter.recordUpload(caller, pageCount);
      return inserted;
    });
    if (!row) return (await owned(caller, meta.md5)) as DocumentRow;
    // Stored first, embedded after: the embeddings only add to full-text retrieval.
    for (let start = 0; start < chunks.length; start += 500) {
      await db.insert(documentChunks).values(
        chunks.slice(start, start + 500).map((chunk, index) => ({
          documentId: id,
          seq: start + index,
          ownerId: caller.userId,
          page: chunk.page,
          content: chunk.content,
        })),
      );
    }
    await deps.embeddings?.index(
      id,
      caller.userId,
      chunks.map((chunk, seq) => ({ seq, content: chunk.content })),
    );
    deps.images?.schedule(row);
    return row;
  }

  async function fromUpload(
    caller: Caller,
    request: { md5: string; fileName?: string; fileContentType?: string },
    language: Language,
  ): Promise<DocumentRow> {
    const kind = declaredKind(request.fileName, request.fileContentType);
    if (!kind || kind === 'html') throw fail(ResponseCode.FileTypeUnsupported, 'docs.unsupported');
    const existing = await owned(caller, request.md5);
    if (existing) return existing;
    await deps.meter.assertUpload(caller);
    const md5 = request.md5.toLowerCase();
    const key = objectKeyForMd5(md5);
    // Knowing an md5 is not holding the file: the caller must have uploaded it (the embedded store records
    // that as the upload arrives; S3 keeps the grant's holder as the object's metadata).
    const held =
      (await deps.objectUploads.holds(caller.userId, md5)) || (await store.uploaderOf(key)) === caller.userId;
    if (!held) throw notFound('docs.notUploaded');
    const size = await store.size(key);
    if (size === null) throw notFound('docs.notUploaded');
    if (size === 0) throw fail(ResponseCode.BadRequest, 'docs.empty');
    if (size > config.parseMaxBytes)
      throw fail(ResponseCode.BadRequest, 'docs.tooLarge', { limit: mib(config.parseMaxBytes) });
    // The bytes are read once the parse has its slot in the server's parse budget, not while it waits.
    const parsed = await parse(kind, { caller, md5, language }, async () => {
      const bytes = await store.getBytes(key);
      // S3 does not check a POST's bytes against the md5 in its key; Parley does before trusting them.
      if (crypto.createHash('md5').update(bytes).digest('hex') !== md5) throw notFound('docs.notUploaded');
      await deps.objectUploads.record(caller.userId, md5, {
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
      });
      return { kind, bytes };
    });
    return save(caller, parsed, {
      md5: request.md5,
      fileName:
        request.fileName?.trim() ||
        `document.${parsed.kind === 'image' ? (parsed.contentType?.split('/')[1] ?? 'png') : parsed.kind}`,
      kind: parsed.kind,
      url: null,
    });
  }

  async function fromUrl(
    caller: Caller,
    url: string,
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<DocumentRow> {
    const urlMd5 = crypto.createHash('md5').update(url).digest('hex');
    const existing = await owned(caller, urlMd5);
    if (existing) return existing;
    await deps.meter.assertUpload(caller);
    let response: Awaited<ReturnType<typeof safeFetch>>;
    try {
      response = await safeFetch(url, {
        allowHosts: deps.allowHosts,
        maxBytes: config.urlMaxBytes,
        timeoutMs: config.urlTimeoutMs,
        accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.5',
      });
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      deps.logger.info({ url, reason: error.reason }, 'url document refused');
      throw fail(
        ResponseCode.UrlParseError,
        error.reason === 'address' || error.reason === 'scheme' ? 'docs.urlRefused' : 'docs.urlUnreadable',
      );
    }
    if (response.status >= 400 || response.truncated)
      throw fail(ResponseCode.UrlParseError, 'docs.urlUnreadable');
    const isPdf =
      /application\/pdf/i.test(response.contentType) || response.body.subarray(0, 5).toString() === '%PDF-';
    const name =
      storableText(safeDecode(new URL(response.url).pathname.split('/').pop() || '')) ||
      new URL(response.url).hostname;
    if (isPdf) {
      // A pdf link becomes an ordinary stored pdf (the pdf view can show it).
      const md5 = crypto.createHash('md5').update(response.body).digest('hex');
      const again = await owned(caller, md5);
      if (again) return again;
      const parsed = await parse('pdf', { caller, md5, language }, response.body);
      return save(
        caller,
        parsed,
        { md5, fileName: name.endsWith('.pdf') ? name : `${name}.pdf`, kind: 'pdf', url },
        () => store.put(objectKeyForMd5(md5), response.body, 'application/pdf'),
      );
    }
    const parsed = await parse('html', { caller, md5: urlMd5, language }, response.body, response.url);
    return save(caller, parsed, { md5: urlMd5, fileName: parsed.title || name, kind: 'html', url });
  }

  /** Read-agains running, by owner and md5: a second click while one runs waits for the same one. */
  const readingAgain = new Map<string, Promise<DocumentReadAgain>>();

  /** The kind a stored document is read as again; the worker reads its bytes for what they are. */
  const storedKind = (row: DocumentRow): ParseKind | null => {
    if (row.contentType.startsWith('image/')) return 'image';
    // WordPerfect 4.2 has no signature: the worker takes it for one only under a .doc name.
    if (row.contentType === CONTENT_TYPE_OF.wordperfect) return 'doc';
    if (row.contentType === CONTENT_TYPE_OF.htmldoc) return 'htmldoc';
    const kind = (Object.keys(CONTENT_TYPE_OF) as ParseKind[]).find(
      (k) => CONTENT_TYPE_OF[k] === row.contentType,
    );
    // A web page keeps no bytes of its own (a pdf link is stored as a pdf): there is nothing to read again.
    return kind && kind !== 'html' ? kind : null;
  };

  const pagesWithTextOf = async (documentId: string) => {
    const [row] = await db
      .select({ pages: countDistinct(documentChunks.page) })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, documentId));
    return Number(row?.pages ?? 0);
  };

  async function readAgain(caller: Caller, md5: string, language: Language): Promise<DocumentReadAgain> {
    const row = await owned(caller, md5);
    if (!row) throw notFound('docs.notFound');
    const kind = storedKind(row);
    if (!kind) throw fail(ResponseCode.BadRequest, 'docs.readAgainWebPage');
    const key = objectKeyForMd5(row.md5);
    const size = await store.size(key);
    if (size === null) throw notFound('docs.notFound');
    if (size > config.parseMaxBytes)
      throw fail(ResponseCode.BadRequest, 'docs.tooLarge', { limit: mib(config.parseMaxBytes) });
    const pagesWithTextBefore = await pagesWithTextOf(row.id);
    // The same reading as an upload's (the owner's OCR switch and language as they are now, the same limits
    // and progress); until it is stored, the document keeps its old text and answers with it.
    const parsed = await parse(kind, { caller, md5: row.md5, language }, async () => ({
      kind,
      bytes: await store.getBytes(key),
    }));
    const pageCount = parsed.pages.length;
    if (pageCount > ENHANCED_FILE_MAX_PAGES)
      throw fail(ResponseCode.FilePagesExceedLimit, 'docs.tooManyPages', {
        pages: String(pageCount),
        limit: String(ENHANCED_FILE_MAX_PAGES),
      });
    const chunks = chunkPages(parsed.pages);
    if (chunks.length === 0) throw noTextRefusal(parsed.kind, parsed.ocrOff, 'docs.readAgainOcrOffByUser');
    const detected = await guessLanguage(parsed.pages.join('\n'));
    const updated = await quotaLock(caller.userId, async () => {
      const current = await owned(caller, md5);
      // Deleted while it was read: nothing to replace.
      if (!current || current.id !== row.id) throw notFound('docs.notFound');
      // The document was counted with its pages when it was added: the same file read again has the same pages
      // and costs nothing; only pages it gained (a reader that now finds more) count, and none are given back.
      const gained = pageCount - current.pageCount;
      if (gained > 0) await deps.meter.assertPages(caller, gained);
      const [stored] = await db.transaction(async (tx) => {
        await tx.delete(chunkEmbeddings).where(eq(chunkEmbeddings.documentId, row.id));
        await tx.delete(documentChunks).where(eq(documentChunks.documentId, row.id));
        for (let start = 0; start < chunks.length; start += 500)
          await tx.insert(documentChunks).values(
            chunks.slice(start, start + 500).map((chunk, index) => ({
              documentId: row.id,
              seq: start + index,
              ownerId: caller.userId,
              page: chunk.page,
              content: chunk.content,
            })),
          );
        // Its pictures are read again after the text, as a new document's are (the old ones stay listed until
        // the new reading replaces them in one transaction).
        await tx.delete(documentImageRuns).where(eq(documentImageRuns.documentId, row.id));
        return tx
          .update(documents)
          .set({
            topic: topicOf(parsed.title, parsed.pages, row.fileName),
            language: detected,
            pageCount,
            pagesEstimated: parsed.estimated,
          })
          .where(and(eq(documents.id, row.id), eq(documents.ownerId, caller.userId)))
          .returning();
      });
      if (gained > 0) await deps.meter.recordPages(caller, gained);
      return stored as DocumentRow;
    });
    await deps.embeddings?.index(
      updated.id,
      caller.userId,
      chunks.map((chunk, seq) => ({ seq, content: chunk.content })),
    );
    deps.images?.schedule(updated);
    deps.logger.info(
      { md5: row.md5, pages: pageCount, pagesWithText: new Set(chunks.map((c) => c.page)).size },
      'document read again',
    );
    return {
      document: toCreatedDocument(updated),
      pagesWithText: new Set(chunks.map((chunk) => chunk.page)).size,
      pagesWithTextBefore,
    };
  }

  return {
    owned,
    planOf,

    /**
     * POST readAgain: the owner's stored file read again with their settings of now (OCR turned on since it was
     * added), its text replaced in one transaction once read; a failure leaves the old text.
     */
    readAgain(
      caller: Caller,
      md5: string,
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<DocumentReadAgain> {
      const key = readingKey(caller, md5);
      const running = readingAgain.get(key);
      if (running) return running;
      const run = readAgain(caller, md5, language).finally(() => readingAgain.delete(key));
      readingAgain.set(key, run);
      return run;
    },

    /** POST /py/api/v1/chat/create: an uploaded file (md5) or a web page (url). */
    async create(
      caller: Caller,
      request: { md5?: string; url?: string; fileName?: string; fileContentType?: string },
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<CreatedDocument> {
      const row = request.url
        ? await fromUrl(caller, request.url, language)
        : await fromUpload(caller, { ...request, md5: request.md5 as string }, language);
      return toCreatedDocument(row);
    },

    fromUrl,

    /** How far the reading of a document's pages without text has come, for the one who is creating it. */
    progress(caller: Caller, md5: string): ParseProgress | null {
      return reading.get(readingKey(caller, md5)) ?? null;
    },

    async pages(caller: Caller, md5: string): Promise<DocumentPages> {
      const row = await owned(caller, md5);
      if (!row) throw notFound('docs.notFound');
      const chunks = await db
        .select({ page: documentChunks.page, content: documentChunks.content })
        .from(documentChunks)
        .where(and(eq(documentChunks.documentId, row.id), eq(documentChunks.ownerId, caller.userId)))
        .orderBy(documentChunks.seq);
      const pages = Array.from({ length: row.pageCount }, (_v, index) => ({ page: index + 1, text: '' }));
      for (const chunk of chunks) {
        const page = pages[chunk.page - 1];
        if (page) page.text = page.text ? `${page.text} ${chunk.content}` : chunk.content;
      }
      return {
        md5: row.md5,
        fileName: row.fileName,
        fileType: row.fileType as DocumentPages['fileType'],
        fileContentType: row.contentType,
        url: row.url,
        page_count: row.pageCount,
        pages_estimated: row.pagesEstimated,
        pages,
      };
    },

    /** The original file, for its owner only. */
    async file(caller: Caller, md5: string) {
      const row = await owned(caller, md5);
      if (!row || row.contentType === 'text/html') throw notFound('docs.notFound');
      return { row, stream: await store.getStream(objectKeyForMd5(row.md5)) };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;

/** A path segment decoded for display; a malformed escape (a bare %) stays as it was written. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
