// Which server instance generates which streaming run (a chat answer, a presentation): a lease on the run's
// row (owner instance + heartbeat on the database clock). Instances renew theirs; a run whose lease went stale
// belongs to an instance that died and may be claimed by another one, exactly once.
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { messages, type presentationRuns } from '../db/schema.js';
import { newId } from '../ids.js';

/** Runs one instance claims per round; the rest wait for the next round (or another instance). */
const CLAIM_BATCH = 20;

/** New at every start: a restarted process is another instance, its old leases are not its own. */
export const newInstanceId = () => `${process.pid}-${newId()}`;

/** Tables of leased runs: each has these columns under these names. */
type LeasedTable = typeof messages | typeof presentationRuns;

export function createLease<T extends LeasedTable>(
  db: Database,
  leaseMs: number,
  table: T,
  instanceId: string,
) {
  // Both tables have the same lease columns; drizzle's builders are typed per table, so one is written for all.
  const t = table as unknown as typeof messages;
  type Row = T['$inferSelect'];
  const stale = () =>
    or(
      isNull(t.leaseHeartbeatAt),
      lt(t.leaseHeartbeatAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
    );

  return {
    instanceId,
    /** Columns of a new run's row: this instance holds it from now. */
    take: () => ({ leaseOwner: instanceId, leaseHeartbeatAt: sql`now()` }),

    /** Renews every lease this instance holds; answers the request ids it still holds (a stale one was taken). */
    async renew(): Promise<Set<string>> {
      const rows = await db
        .update(t)
        .set({ leaseHeartbeatAt: sql`now()` })
        .where(and(eq(t.status, 'streaming'), eq(t.leaseOwner, instanceId)))
        .returning({ requestId: t.requestId });
      return new Set(rows.map((r) => r.requestId ?? ''));
    },

    /**
     * Claims streaming runs whose owner stopped renewing (all of them with `everyStreaming`: the single PGlite
     * instance owns every run in its database). SKIP LOCKED: two instances never claim the same one.
     */
    async claimStale(everyStreaming = false): Promise<Row[]> {
      const notMine = or(isNull(t.leaseOwner), ne(t.leaseOwner, instanceId));
      const condition = and(eq(t.status, 'streaming'), everyStreaming ? notMine : stale());
      const candidates = db
        .select({ id: t.id })
        .from(t)
        .where(condition)
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      return (await db
        .update(t)
        .set({ leaseOwner: instanceId, leaseHeartbeatAt: sql`now()` })
        .where(and(inArray(t.id, candidates), condition))
        .returning()) as Row[];
    },

    /** Shutting down: the lease is given up at once, so another instance continues without waiting. */
    async release(requestIds: string[]): Promise<void> {
      if (requestIds.length === 0) return;
      await db
        .update(t)
        .set({ leaseHeartbeatAt: null })
        .where(
          and(eq(t.status, 'streaming'), eq(t.leaseOwner, instanceId), inArray(t.requestId, requestIds)),
        );
    },

    /** The final write of a run happens only while this instance still holds it. */
    held: () => eq(t.leaseOwner, instanceId),
  };
}

export const createAnswerLease = (db: Database, leaseMs: number, instanceId = newInstanceId()) =>
  createLease(db, leaseMs, messages, instanceId);
export type AnswerLease = ReturnType<typeof createAnswerLease>;
export type LeasedAnswer = typeof messages.$inferSelect;

/**
 * Runs `round` every third of the lease (renew what this instance holds, adopt what died), never two rounds at
 * once; a failed round is only logged, the next one tries again. Answers the function that stops it.
 */
export function startLeaseRounds(
  leaseMs: number,
  round: () => Promise<void>,
  onError: (error: unknown) => void,
) {
  let running = false;
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      void round()
        .catch(onError)
        .finally(() => {
          running = false;
        });
    },
    Math.round(leaseMs / 3),
  );
  timer.unref();
  return () => clearInterval(timer);
}
