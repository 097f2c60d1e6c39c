// Shared chats: a snapshot taken at share time, readable by anyone holding its 192-bit key (stored only as a
// hash), never listed to anyone but its owner, and gone (not found) once revoked or its chat is deleted.
import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type ChannelSummary,
  type Citation,
  ResponseCode,
  SHARE_PAGE_PREFIX,
  type ShareConversation,
  type ShareCreated,
  type ShareDetail,
  type SharePreview,
  type ShareSummary,
  type SnapshotMessage,
} from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { channelShares, channels, messages } from '../db/schema.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../errors.js';
import { newId, sha256 } from '../ids.js';
import type { Caller } from './auth/sessions.js';
import { toChannelSummary } from './chat/channel-rows.js';
import type { ChannelService } from './chat/channels.js';
import type { RateLimiter } from './rate-limit.js';

type ShareRow = typeof channelShares.$inferSelect;

const EXCERPT_MAX = 200;
const CITATIONS_MAX = 20;
const newShareKey = () => crypto.randomBytes(24).toString('base64url');

/** The http(s) links an answer cites in markdown ([title](url)), each once. */
export function citationsOf(markdown: string): Citation[] {
  const seen = new Set<string>();
  const found: Citation[] = [];
  for (const match of markdown.matchAll(/\[([^\]\n]{1,300})\]\((https?:\/\/[^\s)]+)\)/g)) {
    const [, title, url] = match;
    if (seen.has(url) || found.length >= CITATIONS_MAX) continue;
    seen.add(url);
    found.push({ title: title.trim(), url });
  }
  return found;
}

export function createShareService(deps: { db: Database; channels: ChannelService; limiter: RateLimiter }) {
  const { db } = deps;

  /** One answer for a wrong, unknown and revoked key alike, so nothing can be learnt by trying keys. */
  async function live(shareKey: string): Promise<ShareRow> {
    const [row] = await db
      .select()
      .from(channelShares)
      .where(and(eq(channelShares.keyHash, sha256(shareKey)), isNull(channelShares.revokedAt)))
      .limit(1);
    if (!row) throw notFound('share.notFound');
    return row;
  }

  return {
    async create(caller: Caller, channelId: string): Promise<ShareCreated> {
      const channel = await deps.channels.ownedChannel(caller, channelId);
      if (!(await deps.limiter.take(caller.userId))) throw tooManyRequests();
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channel.id), inArray(messages.status, ['done', 'stopped'])))
        .orderBy(asc(messages.position));
      const snapshot: SnapshotMessage[] = rows
        .filter((m) => m.content.trim() !== '')
        .map((m) => ({
          role: m.role,
          content: m.content,
          model: m.model,
          createdAt: m.createdAt.toISOString(),
        }));
      if (!snapshot.some((m) => m.role === 'assistant')) throw badRequest('share.nothingToShare');
      const shareKey = newShareKey();
      const [row] = await db
        .insert(channelShares)
        .values({
          id: newId(),
          keyHash: sha256(shareKey),
          ownerId: caller.userId,
          channelId: channel.id,
          title: channel.name,
          model: channel.model,
          messages: snapshot,
        })
        .returning();
      return {
        shareId: row.id,
        shareKey,
        sharePath: `${SHARE_PAGE_PREFIX}${shareKey}`,
        createdAt: row.createdAt.toISOString(),
        messageCount: snapshot.length,
      };
    },

    async mine(caller: Caller, channelId: string): Promise<ShareSummary[]> {
      await deps.channels.ownedChannel(caller, channelId);
      const rows = await db
        .select()
        .from(channelShares)
        .where(
          and(
            eq(channelShares.channelId, channelId),
            eq(channelShares.ownerId, caller.userId),
            isNull(channelShares.revokedAt),
          ),
        )
        .orderBy(desc(channelShares.createdAt));
      return rows.map((r) => ({
        shareId: r.id,
        createdAt: r.createdAt.toISOString(),
        messageCount: r.messages.length,
      }));
    },

    async revoke(caller: Caller, shareId: string): Promise<boolean> {
      const [row] = await db
        .update(channelShares)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(channelShares.id, shareId),
            eq(channelShares.ownerId, caller.userId),
            isNull(channelShares.revokedAt),
          ),
        )
        .returning({ id: channelShares.id });
      if (!row) throw notFound('share.notFound');
      return true;
    },

    async preview(shareKey: string): Promise<SharePreview> {
      const row = await live(shareKey);
      const question = row.messages.find((m) => m.role === 'user')?.content ?? '';
      return {
        title: row.title,
        excerpt: Array.from(question.trim()).slice(0, EXCERPT_MAX).join(''),
        messageCount: row.messages.length,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async detail(shareKey: string): Promise<ShareDetail> {
      const row = await live(shareKey);
      return {
        title: row.title,
        model: row.model,
        messageCount: row.messages.length,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async conversation(shareKey: string): Promise<ShareConversation> {
      const row = await live(shareKey);
      return {
        title: row.title,
        messages: row.messages.map((m) => ({
          ...m,
          citations: m.role === 'assistant' ? citationsOf(m.content) : [],
        })),
      };
    },

    /** A new chat of the caller's own holding the snapshot, to continue the conversation from. */
    async createChannel(caller: Caller, shareKey: string): Promise<ChannelSummary> {
      if (caller.kind !== 'member')
        throw new AppError(ResponseCode.BadRequest, 'share.loginToContinue', { httpStatus: 401 });
      const row = await live(shareKey);
      return db.transaction(async (tx) => {
        const [channel] = await tx
          .insert(channels)
          .values({ id: newId(), ownerId: caller.userId, name: row.title, model: row.model })
          .returning();
        const base = Date.now() * 1000;
        if (row.messages.length > 0)
          await tx.insert(messages).values(
            row.messages.map((m, index) => ({
              id: newId(),
              channelId: channel.id,
              role: m.role,
              content: m.content,
              model: m.model,
              status: 'done' as const,
              position: base + index,
            })),
          );
        return toChannelSummary(channel);
      });
    },
  };
}
