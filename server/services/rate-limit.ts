// Fixed-window rate limits (rate-limiter-flexible). On PostgreSQL the counters live in the database
// (rate_limits), so N instances together allow what one would; alone on PGlite they live in memory.
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimiter {
  /** True when the call is allowed (and counts it). */
  take(key: string): Promise<boolean>;
}

/** Makes limiters; `pool` set: counted in PostgreSQL for every instance. */
export function createRateLimits(pool: pg.Pool | null) {
  return function rateLimiter(name: string, limit: number, windowMs: number): RateLimiter {
    const options = { keyPrefix: name, points: limit, duration: Math.max(1, Math.round(windowMs / 1000)) };
    const limiter = pool
      ? new RateLimiterPostgres({
          ...options,
          storeClient: pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          // The table comes with the migrations.
          tableCreated: true,
          // The database failing must not lock everybody out: meanwhile each instance counts by itself.
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
    return {
      async take(key) {
        try {
          await limiter.consume(key);
          return true;
        } catch (outcome) {
          if (outcome instanceof RateLimiterRes) return false;
          throw outcome;
        }
      },
    };
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/** One process's own limit (what this process writes to its log, for example). */
export const createLocalRateLimiter = (name: string, limit: number, windowMs: number) =>
  createRateLimits(null)(name, limit, windowMs);
