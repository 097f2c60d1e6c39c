// Quotas on metered calls, from the membership's row in the catalogue: Free counts per UTC day, paid plans
// per UTC month, and a quota of -1 (Unlimited) is never counted. Over quota answers 20001 with the
// message, source and shortMessage the client's upgrade prompt shows.
import { and, eq, gte } from 'drizzle-orm';
import { MODEL_STANDARD, ResponseCode, type Usage } from '../../../src/api/contract.js';
import type { Database } from '../../db/client.js';
import { channels, messages } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { assertModelAllowed } from '../models.js';
import type { Caller } from '../sessions.js';
import { currentUser } from '../user-info.js';
import type { Catalogue } from './catalogue.js';

export function periodStart(period: 'day' | 'month', now: Date): Date {
  return period === 'day'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function createMeter(db: Database, catalogue: Catalogue, enforce = true) {
  async function sentSince(userId: string, since: Date) {
    return db
      .select({ model: messages.model })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(eq(channels.ownerId, userId), eq(messages.role, 'user'), gte(messages.createdAt, since)));
  }

  return {
    async usage(caller: Caller, now = new Date()): Promise<Usage> {
      const user = await currentUser(db, caller);
      const quota = await catalogue.quota(user.membershipId);
      const period: Usage['period'] = user.isUnlimited ? 'unlimited' : user.isPro ? 'month' : 'day';
      const sent = await sentSince(caller.userId, periodStart(period === 'day' ? 'day' : 'month', now));
      const gpt3 = sent.filter((m) => m.model === MODEL_STANDARD).length;
      const free = await catalogue.quota(0);
      return {
        gpt3: { used: gpt3, total: quota.gpt3Quota },
        gpt4: { used: sent.length - gpt3, total: quota.gpt4Quota },
        docUploadLimitHint: free.uploadQuota,
        period,
      };
    },

    async assertModel(caller: Caller, model: string): Promise<void> {
      const user = await currentUser(db, caller);
      assertModelAllowed(caller, model, user.isPro);
    },

    /** Model permission first (guests: Standard only; pro models: paid plans), then the plan's quota. */
    async assertChat(caller: Caller, model: string, now = new Date()): Promise<void> {
      const user = await currentUser(db, caller);
      assertModelAllowed(caller, model, user.isPro);
      const quota = await catalogue.quota(user.membershipId);
      const standard = model === MODEL_STANDARD;
      const limit = standard ? quota.gpt3Quota : quota.gpt4Quota;
      if (limit < 0 || !enforce) return;
      const period = user.isPro ? 'month' : 'day';
      const sent = await sentSince(caller.userId, periodStart(period, now));
      const used = sent.filter((m) => (m.model === MODEL_STANDARD) === standard).length;
      if (used < limit) return;
      throw new AppError(
        ResponseCode.UsageExceedsLimit,
        period === 'day' ? 'billing.quotaDay' : 'billing.quotaMonth',
        {
          params: { limit: String(limit) },
          source: standard ? 'FREEDAYMAX' : 'GPT4Turbo',
          shortMessage: `${used}/${limit}`,
        },
      );
    },
  };
}
export type Meter = ReturnType<typeof createMeter>;
