// The workspace sources of this area (uploaded documents) and of writing (its documents already exist).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema.js';
import type { WritingService } from '../writing/writing.js';
import type { WorkspaceSource } from './registry.js';

export function documentsWorkspaceSource(db: Database): WorkspaceSource {
  return {
    id: 'documents',
    routeType: 'manual',
    // `image`: pictures of pages (photos, scans) read as documents.
    categories: ['pdf', 'doc', 'ppt', 'image'],
    async list(caller, categories, limit) {
      const rows = await db
        .select()
        .from(documents)
        .where(and(eq(documents.ownerId, caller.userId), inArray(documents.fileType, categories)))
        .orderBy(desc(documents.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.md5,
        category: row.fileType as 'pdf' | 'doc' | 'ppt' | 'image',
        routeType: 'manual' as const,
        name: row.fileName,
        href: `/chatwithdoc?md5=${row.md5}`,
        updatedAt: row.createdAt.toISOString(),
        pageCount: row.pageCount,
        // A web page keeps no file to read again (its link is added again instead).
        readAgain: row.contentType !== 'text/html',
      }));
    },
    // The document row goes with its text, pictures and chat links (cascades); the stored object stays, as
    // the same bytes may be another user's document. Used quota is kept in usage records, not counted here.
    async remove(caller, md5) {
      const rows = await db
        .delete(documents)
        .where(and(eq(documents.ownerId, caller.userId), eq(documents.md5, md5.toLowerCase())))
        .returning({ id: documents.id });
      return rows.length > 0;
    },
  };
}

export function writingWorkspaceSource(writing: Pick<WritingService, 'list' | 'remove'>): WorkspaceSource {
  return {
    id: 'writing',
    routeType: 'ai',
    categories: ['writing'],
    async list(caller, _categories, limit) {
      const docs = await writing.list(caller);
      return docs.slice(0, limit).map((doc) => ({
        id: doc.docId,
        category: 'writing' as const,
        routeType: 'ai' as const,
        name: doc.docTitle,
        href: `/writing?docId=${encodeURIComponent(doc.docId)}`,
        updatedAt: doc.updatedAt,
      }));
    },
    remove: (caller, id) => writing.remove(caller, id),
  };
}
