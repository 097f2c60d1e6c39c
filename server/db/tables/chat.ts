// Chats: channels, their messages and the durable chunks of answers being streamed. Re-exported from schema.ts.
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
} from 'drizzle-orm/pg-core';
import { users } from './user.js';

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
