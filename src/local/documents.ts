// Document-chat files kept on this device: a document is named by its md5, so a kept copy never goes
// stale. The newest few are kept; large files are not kept at all.
import type { DocumentPages } from '../../common/contract';
import { db as defaultDb, type ParleyDatabase } from './schema';

const MAX_FILES = 20;
const MAX_FILE_BYTES = 50 * 1024 * 1024;

async function trim(table: ParleyDatabase['docFiles'] | ParleyDatabase['docPages']) {
  const keys = await table.orderBy('savedAt').reverse().primaryKeys();
  if (keys.length > MAX_FILES) await table.bulkDelete(keys.slice(MAX_FILES));
}

export function docFileRepository(db: ParleyDatabase = defaultDb) {
  return {
    async file(md5: string): Promise<ArrayBuffer | null> {
      return (await db.docFiles.get(md5).catch(() => undefined))?.bytes ?? null;
    },
    async keepFile(md5: string, bytes: ArrayBuffer) {
      if (bytes.byteLength > MAX_FILE_BYTES) return;
      await db.docFiles.put({ md5, bytes: bytes.slice(0), savedAt: Date.now() }).catch(() => {});
      await trim(db.docFiles).catch(() => {});
    },
    async pages(md5: string): Promise<DocumentPages | null> {
      return (await db.docPages.get(md5).catch(() => undefined))?.pages ?? null;
    },
    async keepPages(pages: DocumentPages) {
      await db.docPages.put({ md5: pages.md5, pages, savedAt: Date.now() }).catch(() => {});
      await trim(db.docPages).catch(() => {});
    },
    /** The document was deleted: its bytes and text leave this device too. */
    async forget(md5: string) {
      await db.docFiles.delete(md5).catch(() => {});
      await db.docPages.delete(md5).catch(() => {});
    },
  };
}

export const docFiles = docFileRepository();
