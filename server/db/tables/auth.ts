// Sign-in: e-mail login codes, sessions, spent visit signs and the server's visit key pair. Re-exported from schema.ts.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.js';

/** Email login codes: only a hash is kept; single use, short-lived, a few tries each. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_codes_email_created_idx').on(t.email, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward at most every SESSION_RENEW_MINUTES of use: the idle lifetime counts from here. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** How this session began: guest, email (a login code) or the social provider's name (google, apple, ...). */
    source: text('source').notNull().default('email'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Guest signs already used, so a captured sign cannot mint a second token. */
export const usedVisitSigns = pgTable('used_visit_signs', {
  signHash: text('sign_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Secrets every instance must hold alike (the guest-visit key pair, the captcha secrets), from the first to start. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  privatePem: text('private_pem').notNull(),
  publicPem: text('public_pem').notNull(),
});
