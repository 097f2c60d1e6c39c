// Quotas on metered calls (chat per model class, new documents, document pages), from the membership's row
// in the catalogue: Free counts per UTC day, paid plans per UTC month, and a quota of -1 (Unlimited) is never
// counted. Over quota answers 20001 with the message, source and shortMessage the client's upgrade prompt shows.
import { and, count, eq, gte, sum } from 'drizzle-orm';
import {
  FREE_DAY_MAX_FILE_SOURCE,
  FREE_DAY_MAX_PAGE_SOURCE,
  MODEL_STANDARD,
  MONTH_MAX_FILE_SOURCE,
  MONTH_MAX_PAGE_SOURCE,
  ResponseCode,
  type Usage,
} from '../../../src/api/contract.js';
import type { Database } from '../../db/client.js';
import { channels, documents, messages } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import { assertModelAllowed } from '../models.js';
import type { Caller } from '../sessions.js';
import { currentUser } from '../user-info.js';
import type { Catalogue } from './catalogue.js';

export function periodStart(period: 'day' | 'month', now: Date): Date {
  return period === 'day'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export interface MeterOptions {
  enforce?: boolean;
  /** DOCS_FREE_FILES_PER_DAY: the Free plan's new documents a day, over the catalogue's uploadQuota. */
  freeUploadsPerDay?: number | null;
}

export function createMeter(db: Database, catalogue: Catalogue, options: MeterOptions = {}) {
  const enforce = options.enforce ?? true;

  /** The caller's plan, its quotas (with the operator's Free override) and the period they count in. */
  async function planOf(caller: Caller, now: Date) {
    const user = await currentUser(db, caller);
    const quota = { ...(await catalogue.quota(user.membershipId)) };
    if (!user.isPro && options.freeUploadsPerDay != null) quota.uploadQuota = options.freeUploadsPerDay;
    const period: 'day' | 'month' = user.isPro ? 'month' : 'day';
    return { user, quota, period, since: periodStart(period, now) };
  }

  /** New documents of the period and the sum of their pages. */
  async function documentsSince(userId: string, since: Date) {
    const [row] = await db
      .select({ uploads: count(), pages: sum(documents.pageCount) })
      .from(documents)
      .where(and(eq(documents.ownerId, userId), gte(documents.createdAt, since)));
    return { uploads: Number(row?.uploads ?? 0), pages: Number(row?.pages ?? 0) };
  }

  const over = (
    key: MessageKey,
    source: string,
    used: number,
    limit: number,
    params: Record<string, string> = {},
  ) =>
    new AppError(ResponseCode.UsageExceedsLimit, key, {
      // Document calls answer their codes in the envelope with HTTP 200 (the documents area's convention).
      httpStatus: 200,
      params: { limit: String(limit), count: String(limit), ...params },
      source,
      shortMessage: `${used}/${limit}`,
    });

  async function sentSince(userId: string, since: Date) {
    return db
      .select({ model: messages.model })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(eq(channels.ownerId, userId), eq(messages.role, 'user'), gte(messages.createdAt, since)));
  }

  return {
    async usage(caller: Caller, now = new Date()): Promise<Usage> {
      const { user, quota, period, since } = await planOf(caller, now);
      const sent = await sentSince(caller.userId, since);
      const gpt3 = sent.filter((m) => m.model === MODEL_STANDARD).length;
      const docs = await documentsSince(caller.userId, since);
      const free = await catalogue.quota(0);
      return {
        gpt3: { used: gpt3, total: quota.gpt3Quota },
        gpt4: { used: sent.length - gpt3, total: quota.gpt4Quota },
        uploads: { used: docs.uploads, total: quota.uploadQuota },
        pages: { used: docs.pages, total: quota.pdfPageQuota },
        docUploadLimitHint: options.freeUploadsPerDay ?? free.uploadQuota,
        period: user.isUnlimited ? 'unlimited' : period,
      };
    },

    /** Before a new document is read: one more must fit the plan's uploadQuota of the period. */
    async assertUpload(caller: Caller, now = new Date()): Promise<void> {
      if (!enforce) return;
      const { quota, period, since } = await planOf(caller, now);
      const limit = quota.uploadQuota;
      if (limit < 0) return;
      const { uploads } = await documentsSince(caller.userId, since);
      if (uploads < limit) return;
      throw period === 'day'
        ? over('docs.dailyLimit', FREE_DAY_MAX_FILE_SOURCE, uploads, limit)
        : over('docs.monthlyLimit', MONTH_MAX_FILE_SOURCE, uploads, limit);
    },

    /** Before a read document is stored: its pages plus the period's must fit the plan's pdfPageQuota. */
    async assertPages(caller: Caller, pages: number, now = new Date()): Promise<void> {
      if (!enforce) return;
      const { quota, period, since } = await planOf(caller, now);
      const limit = quota.pdfPageQuota;
      if (limit < 0) return;
      const used = (await documentsSince(caller.userId, since)).pages;
      if (used + pages <= limit) return;
      const params = { pages: String(pages), left: String(Math.max(0, limit - used)) };
      throw period === 'day'
        ? over('docs.pageQuotaDay', FREE_DAY_MAX_PAGE_SOURCE, used, limit, params)
        : over('docs.pageQuotaMonth', MONTH_MAX_PAGE_SOURCE, used, limit, params);
    },

    async assertModel(caller: Caller, model: string): Promise<void> {
      const user = await currentUser(db, caller);
      assertModelAllowed(caller, model, user.isPro);
    },

    /** Model permission first (guests: Standard only; pro models: paid plans), then the plan's quota. */
    async assertChat(caller: Caller, model: string, now = new Date()): Promise<void> {
      const { user, quota, period, since } = await planOf(caller, now);
      assertModelAllowed(caller, model, user.isPro);
      const standard = model === MODEL_STANDARD;
      const limit = standard ? quota.gpt3Quota : quota.gpt4Quota;
      if (limit < 0 || !enforce) return;
      const sent = await sentSince(caller.userId, since);
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
