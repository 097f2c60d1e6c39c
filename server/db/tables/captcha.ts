// Risk control (captcha) tables. Re-exported from schema.ts.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Human-check solutions already accepted: each is good once, kept until it would have expired anyway. */
export const spentCaptchas = pgTable(
  'spent_captchas',
  {
    /** sha256 of the solved challenge's signature (altcha) or of the Turnstile token. */
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_captchas_expires_idx').on(t.expiresAt)],
);
