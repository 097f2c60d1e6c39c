// Each human-check solution is accepted once: the first request that records its key wins.
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { spentCaptchas } from '../../db/schema.js';
import { sha256 } from '../../ids.js';

const PRUNE_EVERY_MS = 60_000;

export function createSpentStore(db: Database) {
  let prunedAt = 0;
  return {
    /** True the first time this solution is presented, false on every replay. */
    async spend(solutionId: string, expiresAt: Date, now = new Date()): Promise<boolean> {
      if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        await db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, now));
      }
      const inserted = await db
        .insert(spentCaptchas)
        .values({ key: sha256(solutionId), expiresAt })
        .onConflictDoNothing()
        .returning({ key: spentCaptchas.key });
      return inserted.length === 1;
    },
  };
}
export type SpentStore = ReturnType<typeof createSpentStore>;
