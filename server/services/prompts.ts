// Saved prompts, always scoped to the caller: another user's prompt answers as not found.
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import {
  PROMPT_RECENT_SEARCHES_MAX,
  type PromptPage,
  type RecentSearches,
  type UserPrompt,
} from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { promptRecentSearches, userPrompts } from '../db/schema.js';
import { badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Caller } from './auth/sessions.js';

type Row = typeof userPrompts.$inferSelect;

const toPrompt = (row: Row): UserPrompt => ({
  promptId: row.id,
  name: row.name,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** LIKE wildcards in a search key are matched literally. */
const likePattern = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createPromptService(db: Database, limits: { maxPerUser: number }) {
  async function page(caller: Caller, start: number, limit: number, key = ''): Promise<PromptPage> {
    const mine = eq(userPrompts.ownerId, caller.userId);
    const trimmed = key.trim();
    const where = trimmed
      ? and(
          mine,
          or(ilike(userPrompts.name, likePattern(trimmed)), ilike(userPrompts.content, likePattern(trimmed))),
        )
      : mine;
    const [{ total }] = await db.select({ total: count() }).from(userPrompts).where(where);
    const rows = await db
      .select()
      .from(userPrompts)
      .where(where)
      .orderBy(desc(userPrompts.updatedAt), desc(userPrompts.id))
      .offset(start)
      .limit(limit);
    return { totalElements: Number(total), content: rows.map(toPrompt) };
  }

  async function owned(caller: Caller, promptId: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(userPrompts)
      .where(and(eq(userPrompts.id, promptId), eq(userPrompts.ownerId, caller.userId)))
      .limit(1);
    if (!row) throw notFound('prompt.notFound');
    return row;
  }

  return {
    list: (caller: Caller, start: number, limit: number) => page(caller, start, limit),
    search: (caller: Caller, start: number, limit: number, key: string) => page(caller, start, limit, key),

    async add(
      caller: Caller,
      input: { name: string; content: string; clientId?: string },
    ): Promise<UserPrompt> {
      if (input.clientId) {
        const [existing] = await db
          .select()
          .from(userPrompts)
          .where(and(eq(userPrompts.ownerId, caller.userId), eq(userPrompts.clientId, input.clientId)))
          .limit(1);
        if (existing) return toPrompt(existing);
      }
      const [{ kept }] = await db
        .select({ kept: count() })
        .from(userPrompts)
        .where(eq(userPrompts.ownerId, caller.userId));
      if (kept >= limits.maxPerUser) throw badRequest('prompt.tooMany', { max: String(limits.maxPerUser) });
      const [row] = await db
        .insert(userPrompts)
        .values({
          id: newId(),
          ownerId: caller.userId,
          name: input.name,
          content: input.content,
          clientId: input.clientId ?? null,
        })
        .onConflictDoNothing()
        .returning();
      // A concurrent replay of the same add won the insert: answer the stored one.
      if (!row && input.clientId) return this.add(caller, input);
      return toPrompt(row);
    },

    async update(caller: Caller, promptId: string, input: { name: string; content: string }) {
      await owned(caller, promptId);
      const [row] = await db
        .update(userPrompts)
        .set({ name: input.name, content: input.content, updatedAt: new Date() })
        .where(and(eq(userPrompts.id, promptId), eq(userPrompts.ownerId, caller.userId)))
        .returning();
      return toPrompt(row);
    },

    async remove(caller: Caller, promptId: string): Promise<boolean> {
      await owned(caller, promptId);
      await db
        .delete(userPrompts)
        .where(and(eq(userPrompts.id, promptId), eq(userPrompts.ownerId, caller.userId)));
      return true;
    },

    /** Records a search key (when given) and answers the caller's newest keys. */
    async recentSearch(caller: Caller, key?: string): Promise<RecentSearches> {
      const trimmed = key?.trim();
      if (trimmed) {
        await db
          .insert(promptRecentSearches)
          .values({ userId: caller.userId, key: trimmed })
          .onConflictDoUpdate({
            target: [promptRecentSearches.userId, promptRecentSearches.key],
            set: { searchedAt: new Date() },
          });
      }
      const rows = await db
        .select({ key: promptRecentSearches.key })
        .from(promptRecentSearches)
        .where(eq(promptRecentSearches.userId, caller.userId))
        .orderBy(desc(promptRecentSearches.searchedAt))
        .limit(PROMPT_RECENT_SEARCHES_MAX + 20);
      const keep = rows.slice(0, PROMPT_RECENT_SEARCHES_MAX).map((r) => r.key);
      const drop = rows.slice(PROMPT_RECENT_SEARCHES_MAX).map((r) => r.key);
      for (const old of drop)
        await db
          .delete(promptRecentSearches)
          .where(and(eq(promptRecentSearches.userId, caller.userId), eq(promptRecentSearches.key, old)));
      return { keys: keep };
    },
  };
}
