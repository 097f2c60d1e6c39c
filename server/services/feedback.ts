// Feedback from the user menu: stored per caller, readable only by its author (and the operator's database).
import { desc, eq } from 'drizzle-orm';
import type {
  FeedbackCategory,
  UserFeedbackItem,
  VoiceFeedbackReason,
  VoiceRating,
} from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { userFeedback } from '../db/schema.js';
import { tooManyRequests } from '../errors.js';
import { newId } from '../ids.js';
import type { Caller } from './auth/sessions.js';
import type { RateLimiter } from './rate-limit.js';

const MINE_LIMIT = 50;

export function createFeedbackService(deps: { db: Database; limiter: RateLimiter }) {
  const { db } = deps;
  const toItem = (row: typeof userFeedback.$inferSelect): UserFeedbackItem => ({
    id: row.id,
    category: row.category as UserFeedbackItem['category'],
    content: row.content,
    page: row.page,
    rating: (row.rating as VoiceRating | null) ?? null,
    reasons: (row.reasons as VoiceFeedbackReason[] | null) ?? [],
    createdAt: row.createdAt.toISOString(),
  });
  return {
    async submit(
      caller: Caller,
      input:
        | { category: FeedbackCategory; content: string; page?: string | null }
        | {
            category: 'voice';
            rating: VoiceRating;
            reasons: VoiceFeedbackReason[];
            content: string;
            page?: string | null;
          },
    ): Promise<UserFeedbackItem> {
      if (!(await deps.limiter.take(caller.userId))) throw tooManyRequests();
      const [row] = await db
        .insert(userFeedback)
        .values({
          id: newId(),
          userId: caller.userId,
          category: input.category,
          content: input.content,
          page: input.page ?? null,
          rating: input.category === 'voice' ? input.rating : null,
          reasons: input.category === 'voice' ? input.reasons : null,
        })
        .returning();
      return toItem(row);
    },

    async mine(caller: Caller): Promise<UserFeedbackItem[]> {
      const rows = await db
        .select()
        .from(userFeedback)
        .where(eq(userFeedback.userId, caller.userId))
        .orderBy(desc(userFeedback.createdAt))
        .limit(MINE_LIMIT);
      return rows.map(toItem);
    },
  };
}
