// Each human-check solution is accepted once: the first request that records its key wins.
import { lt, type SQL, sql } from 'drizzle-orm';
import { ResponseCode } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { spentCaptchas } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { sha256 } from '../../ids.js';

const PRUNE_EVERY_MS = 60_000;

export const humanVerificationFailed = () =>
  new AppError(ResponseCode.HumanVerificationFailed, 'captcha.failed', { httpStatus: 403 });

/** A genuine solution, checked but not yet recorded: it passes only if recording it finds it unused. */
export interface HumanCheckPass {
  key: string;
  expiresAt: Date;
}

/**
 * The INSERT that records a pass: it returns one row the first time and none on a replay. A chat start runs
 * it inside the statement that records its model call, so both are one write.
 */
export const spendStatement = (pass: HumanCheckPass): SQL =>
  sql`insert into ${spentCaptchas} (key, expires_at)
    values (${pass.key}, ${pass.expiresAt.toISOString()}::timestamptz)
    on conflict do nothing returning key`;

export function createSpentStore(db: Database) {
  let prunedAt = 0;
  return {
    /** The pass of a verified solution (`solutionId` names the solution), to be spent. */
    pass(solutionId: string, expiresAt: Date): HumanCheckPass {
      return { key: sha256(solutionId), expiresAt };
    },

    /** Forgets expired solutions (at most once a minute); a replay of one is refused by its expiry. */
    async pruneIfDue(now = new Date()): Promise<void> {
      if (now.getTime() - prunedAt <= PRUNE_EVERY_MS) return;
      prunedAt = now.getTime();
      await db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, now));
    },

    /** True the first time this pass is spent, false on every replay. */
    async spend(pass: HumanCheckPass): Promise<boolean> {
      await this.pruneIfDue();
      const inserted = (await db.execute(spendStatement(pass))) as unknown as { rows: unknown[] };
      return inserted.rows.length === 1;
    },
  };
}
export type SpentStore = ReturnType<typeof createSpentStore>;
