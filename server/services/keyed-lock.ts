// Runs tasks one at a time per key, in arrival order; other keys run freely. Enough for one process; with
// `shared` (PostgreSQL, which other instances may share) each task also holds a transaction-scoped advisory
// lock on the key, so a check-then-insert stays atomic for one user across every instance.
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Database } from '../db/client.js';

/**
 * A lock holder keeps one pooled connection in its transaction while its task queries through others: at
 * most this many holders per lock and process, so the pool always has connections left for the tasks.
 */
const HOLDERS_PER_LOCK = 2;

export function createKeyedLock(shared?: { db: Database; name: string } | null) {
  const tails = new Map<string, Promise<unknown>>();
  const advisoryHolders = pLimit(HOLDERS_PER_LOCK);
  const guarded = <T>(key: string, task: () => Promise<T>): (() => Promise<T>) => {
    if (!shared) return task;
    const { db, name } = shared;
    return () =>
      advisoryHolders(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${name}:${key}`}))`);
          return task();
        }),
      );
  };
  return async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const locked = guarded(key, task);
    const run = before.then(locked, locked);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      // The last waiter clears the key so the map does not grow with every user ever seen.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
export type KeyedLock = ReturnType<typeof createKeyedLock>;
