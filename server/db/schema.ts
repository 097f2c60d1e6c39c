// One schema for PGlite and PostgreSQL; migrations in ./migrations are generated from it (npm run db:generate).
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['guest', 'member'] }).notNull(),
    email: text('email'),
    username: text('username'),
    /** The spec's membership ids: 0 Free, 1 MonthPro, 2 Trial, 3 YearPro, 4/5 Unlimited, 6/7 ProPlus. */
    membershipId: integer('membership_id').notNull().default(0),
    membershipExpDate: timestamp('membership_exp_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email).where(sql`${t.email} is not null`)],
);

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

export const channels = pgTable(
  'channels',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    channelType: text('channel_type').notNull().default('CHAT'),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channels_owner_updated_idx').on(t.ownerId, t.updatedAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    model: text('model').notNull(),
    status: text('status', { enum: ['streaming', 'done', 'stopped', 'failed'] })
      .notNull()
      .default('done'),
    error: text('error'),
    feedback: text('feedback', { enum: ['like', 'dislike'] }),
    /** Why the answer was disliked (null otherwise). */
    feedbackReason: text('feedback_reason'),
    requestId: text('request_id'),
    /** Monotonic order inside a channel; created_at alone ties within a millisecond. */
    position: bigint('position', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The language an answer was asked in: an instance continuing it answers in the same one. */
    language: text('language'),
    /** The server instance generating a streaming answer (its lease). */
    leaseOwner: text('lease_owner'),
    /** The owner's last heartbeat (database clock): a lease older than ANSWER_LEASE_MS is an instance that died. */
    leaseHeartbeatAt: timestamp('lease_heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_channel_position_idx').on(t.channelId, t.position),
    uniqueIndex('messages_request_role_idx').on(t.requestId, t.role).where(sql`${t.requestId} is not null`),
    index('messages_streaming_lease_idx')
      .on(t.leaseOwner, t.leaseHeartbeatAt)
      .where(sql`${t.status} = 'streaming'`),
  ],
);

/** Secrets every instance must hold alike (the guest-visit key pair, the captcha secrets), from the first to start. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  privatePem: text('private_pem').notNull(),
  publicPem: text('public_pem').notNull(),
});

/** Rate-limit counters shared by every instance (rate-limiter-flexible's PostgreSQL store and its columns). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** Each streamed piece of an answer, kept so a reconnecting client gets exactly what it missed. */
export const messageChunks = pgTable(
  'message_chunks',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    content: text('content'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.seq] })],
);

/** Feature tips per user (tag -> value; 1 shows the tip, 0 hides it). */
export const userTips = pgTable(
  'user_tips',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** Connected sources per user; status 0 disabled, 1 enabled, 2 on the waiting list. */
export const connectors = pgTable(
  'connectors',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: integer('status').notNull(),
    /** Google Drive only: the file-scoped access token and when it expires. */
    accessToken: text('access_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
export * from './tables/billing.js';
export * from './tables/captcha.js';
export * from './tables/creation.js';
export * from './tables/document-images.js';
export * from './tables/documents.js';
export * from './tables/feedback.js';
export * from './tables/prompts.js';
export * from './tables/social-login.js';
export * from './tables/uploads.js';
export * from './tables/writing.js';
