// Possession of stored files: objects are stored once per md5, but a caller may learn that a file is
// stored, or make a document of it, only after proving they hold its bytes (uploading them, or having
// them read as their own document). Knowing an md5 proves nothing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { documents, objectUploads } from '../../db/schema.js';

export function createObjectUploads(db: Database) {
  return {
    /** Records that `userId` holds the bytes of `md5` (a SHA-256 kept where Parley saw the bytes). */
    async record(userId: string, md5: string, seen: { sha256?: string | null; size?: number | null } = {}) {
      const values = { userId, md5, sha256: seen.sha256 ?? null, size: seen.size ?? null };
      await db
        .insert(objectUploads)
        .values(values)
        .onConflictDoUpdate({
          target: [objectUploads.userId, objectUploads.md5],
          set: {
            sha256: sql`coalesce(excluded.sha256, ${objectUploads.sha256})`,
            size: sql`coalesce(excluded.size, ${objectUploads.size})`,
          },
        });
    },

    async holds(userId: string, md5: string): Promise<boolean> {
      const [uploaded] = await db
        .select({ md5: objectUploads.md5 })
        .from(objectUploads)
        .where(and(eq(objectUploads.userId, userId), eq(objectUploads.md5, md5)))
        .limit(1);
      if (uploaded) return true;
      const [document] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.ownerId, userId), eq(documents.md5, md5), isNull(documents.url)))
        .limit(1);
      return Boolean(document);
    },
  };
}
export type ObjectUploads = ReturnType<typeof createObjectUploads>;
