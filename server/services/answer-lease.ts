// Which server instance generates which answer: a lease on the answer's row (owner instance + heartbeat on the
// database clock). Instances renew theirs; an answer whose lease went stale belongs to an instance that died
// and may be claimed by another one, exactly once.
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { messages } from '../db/schema.js';
import { newId } from './ids.js';

/** Answers one instance claims per round; the rest wait for the next round (or another instance). */
const CLAIM_BATCH = 20;

export type LeasedAnswer = typeof messages.$inferSelect;

export function createAnswerLease(db: Database, leaseMs: number) {
  /** New at every start: a restarted process is another instance, its old leases are not its own. */
  const instanceId = `${process.pid}-${newId()}`;
  const stale = () =>
    or(
      isNull(messages.leaseHeartbeatAt),
      lt(messages.leaseHeartbeatAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
    );

  return {
    instanceId,
    /** Columns of a new answer's row: this instance holds it from now. */
    take: () => ({ leaseOwner: instanceId, leaseHeartbeatAt: sql`now()` }),

    /** Renews every lease this instance holds; answers the request ids it still holds (a stale one was taken). */
    async renew(): Promise<Set<string>> {
      const rows = await db
        .update(messages)
        .set({ leaseHeartbeatAt: sql`now()` })
        .where(and(eq(messages.status, 'streaming'), eq(messages.leaseOwner, instanceId)))
        .returning({ requestId: messages.requestId });
      return new Set(rows.map((r) => r.requestId ?? ''));
    },

    /**
     * Claims streaming answers whose owner stopped renewing (all of them with `everyStreaming`: the single
     * PGlite instance owns every answer in its database). SKIP LOCKED: two instances never claim the same one.
     */
    async claimStale(everyStreaming = false): Promise<LeasedAnswer[]> {
      const notMine = or(isNull(messages.leaseOwner), ne(messages.leaseOwner, instanceId));
      const condition = and(eq(messages.status, 'streaming'), everyStreaming ? notMine : stale());
      const candidates = db
        .select({ id: messages.id })
        .from(messages)
        .where(condition)
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      return db
        .update(messages)
        .set({ leaseOwner: instanceId, leaseHeartbeatAt: sql`now()` })
        .where(and(inArray(messages.id, candidates), condition))
        .returning();
    },

    /** Shutting down: the lease is given up at once, so another instance continues without waiting. */
    async release(requestIds: string[]): Promise<void> {
      if (requestIds.length === 0) return;
      await db
        .update(messages)
        .set({ leaseHeartbeatAt: null })
        .where(
          and(
            eq(messages.status, 'streaming'),
            eq(messages.leaseOwner, instanceId),
            inArray(messages.requestId, requestIds),
          ),
        );
    },

    /** The final write of an answer happens only while this instance still holds it. */
    held: () => eq(messages.leaseOwner, instanceId),
  };
}
export type AnswerLease = ReturnType<typeof createAnswerLease>;
