// The text of an uploaded document for a presentation. Ownership and the page texts come from the documents
// area (its parsed text API); the stored page chunks lose line breaks, so when the original file is at hand
// it is parsed again in the same worker (same limits) to keep its headings as lines. That parse reads no
// pictures (OCR is the upload's work, seconds a page), so a page the upload read by OCR keeps its stored text.
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { ObjectStore } from '../../providers/storage/object-store.js';
import { objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { DocumentService } from '../documents/documents.js';
import { parseInWorker } from '../documents/parse.js';
import type { ParseQueue } from '../documents/parse-queue.js';
import { declaredKind } from '../documents/text.js';
import type { DocumentTextReader } from './presentations.js';

export function createPresentationDocumentReader(deps: {
  documents: DocumentService;
  store: ObjectStore;
  config: Config['docs'];
  logger: Logger;
  parseQueue: ParseQueue;
}): DocumentTextReader {
  return async (caller, md5) => {
    let parsed: Awaited<ReturnType<DocumentService['pages']>>;
    try {
      parsed = await deps.documents.pages(caller, md5);
    } catch {
      return null;
    }
    const fallback = { fileName: parsed.fileName, pages: parsed.pages.map((p) => p.text) };
    if (parsed.url) return fallback;
    try {
      const key = objectKeyForMd5(md5);
      const size = await deps.store.size(key);
      if (size === null || size > deps.config.parseMaxBytes) return fallback;
      const declared = declaredKind(parsed.fileName, parsed.fileContentType);
      if (!declared) return fallback;
      // The bytes are read once the parse has its slot; the worker reads them for what they are.
      const again = await parseInWorker(
        declared,
        async () => ({ kind: declared, bytes: await deps.store.getBytes(key) }),
        {
          timeoutMs: deps.config.parseTimeoutMs,
          maxHeapMb: deps.config.parseMaxHeapMb,
          queue: deps.parseQueue,
        },
      );
      // A scan or a photo of a page has no text layer: parsed again it comes back blank (or as fewer pages),
      // and the presentation was refused as "no text" although the document's pages were read.
      if (again.pages.length !== fallback.pages.length) return fallback;
      return {
        fileName: parsed.fileName,
        pages: again.pages.map((text, i) => (text.trim() ? text : fallback.pages[i])),
      };
    } catch (error) {
      deps.logger.info({ err: error, md5 }, 'presentation: using the stored page text of the document');
      return fallback;
    }
  };
}
