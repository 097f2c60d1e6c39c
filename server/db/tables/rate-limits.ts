// Rate-limit counters shared by every instance. Re-exported from schema.ts.
import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/** Rate-limit counters shared by every instance (rate-limiter-flexible's PostgreSQL store and its columns). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
