// Quotas on metered calls (every model call per model class, new documents, document pages), from the
// membership's row in the catalogue: Free counts per UTC day, paid plans per UTC month, and a quota of -1
// (Unlimited) is never counted. Usage is read from usage records (kept when chats or documents are deleted),
// never from what is still stored. Over quota answers 20001 with the message, source and shortMessage the
// client's upgrade prompt shows.
import { and, count, eq, gte, inArray, isNotNull, type SQL, sql, sum } from 'drizzle-orm';
import {
  FREE_DAY_MAX_FILE_SOURCE,
  FREE_DAY_MAX_PAGE_SOURCE,
  MODEL_STANDARD,
  MONTH_MAX_FILE_SOURCE,
  MONTH_MAX_PAGE_SOURCE,
  ResponseCode,
  type Usage,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { usageRecords, type users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { MessageKey } from '../../messages/index.js';
import type { Caller } from '../auth/sessions.js';
import { type HumanCheckPass, humanVerificationFailed, spendStatement } from '../captcha/spent.js';
import { assertModelAllowed } from '../chat/models.js';
import { currentUser, toUserInfo } from '../user/user-info.js';
import type { Catalogue } from './catalogue.js';

export type UsageKind = 'chat' | 'regenerate' | 'presentation' | 'flowchart' | 'image' | 'askai';
type ModelClass = 'standard' | 'pro';
type UserRow = typeof users.$inferSelect;

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

/** What a failed statement's SQLSTATE is (pg's and the PGlite worker's errors keep it; drizzle wraps them). */
const sqlState = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string') return e.code;
  return undefined;
};
const DIVISION_BY_ZERO = '22012';

/** `writes` as the first WITH queries of one statement (each runs whether or not it is read), then `ctes`, then `final`. */
const withWrites = (writes: SQL[], ctes: SQL[], final: SQL) =>
  sql`with ${sql.join([...writes.map((write, i) => sql`${sql.raw(`write${i}`)} as (${write})`), ...ctes], sql`, `)} ${final}`;

export function createMeter(db: Database, catalogue: Catalogue, options: MeterOptions = {}) {
  const enforce = options.enforce ?? true;

  /**
   * The caller's plan, its quotas (with the operator's Free override) and the period they count in. `row` is
   * the caller's users row when the caller has just read it (a chat start reads it once for the human check
   * and the quota); otherwise it is read here.
   */
  async function planOf(caller: Caller, now: Date, row?: UserRow) {
    const user = row ? toUserInfo(row, now) : await currentUser(db, caller);
    const quota = { ...(await catalogue.quota(user.membershipId)) };
    if (!user.isPro && options.freeUploadsPerDay != null) quota.uploadQuota = options.freeUploadsPerDay;
    const period: 'day' | 'month' = user.isPro ? 'month' : 'day';
    return { user, quota, period, since: periodStart(period, now) };
  }

  /**
   * New documents of the period and the sum of their pages, with the pages a document read again gained
   * (kind `pages`: counted in the pages, not as a document).
   */
  async function documentsSince(userId: string, since: Date, tx: Database = db) {
    const [row] = await tx
      .select({
        uploads: sql<number>`count(*) filter (where ${usageRecords.kind} = 'upload')`,
        pages: sum(usageRecords.amount),
      })
      .from(usageRecords)
      .where(
        and(
          eq(usageRecords.userId, userId),
          inArray(usageRecords.kind, ['upload', 'pages']),
          gte(usageRecords.createdAt, since),
        ),
      );
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

  /** Model calls of the period per model class. */
  async function callsSince(userId: string, since: Date, tx: Database = db) {
    const rows = await tx
      .select({ modelClass: usageRecords.modelClass, calls: count() })
      .from(usageRecords)
      .where(
        and(
          eq(usageRecords.userId, userId),
          isNotNull(usageRecords.modelClass),
          gte(usageRecords.createdAt, since),
        ),
      )
      .groupBy(usageRecords.modelClass);
    const of = (modelClass: ModelClass) => Number(rows.find((r) => r.modelClass === modelClass)?.calls ?? 0);
    return { standard: of('standard'), pro: of('pro') };
  }

  /** Serialises the check and the record of one user's usage in a transaction, across server instances. */
  const lockUsage = (tx: Database, userId: string) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`usage:${userId}`}))`);

  return {
    async usage(caller: Caller, now = new Date()): Promise<Usage> {
      const { user, quota, period, since } = await planOf(caller, now);
      const calls = await callsSince(caller.userId, since);
      const docs = await documentsSince(caller.userId, since);
      const free = await catalogue.quota(0);
      return {
        gpt3: { used: calls.standard, total: quota.gpt3Quota },
        gpt4: { used: calls.pro, total: quota.gpt4Quota },
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

    /**
     * One model call (a chat message, a regeneration, an outline, a flowchart, a picture, an Ask AI action):
     * model permission first (guests: Standard only; pro models: paid plans), then the plan's quota of its
     * model class, and the call is recorded. Check and record are one step per user, so two calls together
     * cannot both take the last one of the period.
     */
    async charge(
      caller: Caller,
      model: string,
      kind: UsageKind,
      now = new Date(),
      /** The caller's users row, when just read by the caller (not read again here). */
      row?: UserRow,
      /**
       * The human check this call passed, not yet spent: it is spent in the statement that records the call,
       * and a replay (already spent) records nothing and is 60001.
       */
      pass?: HumanCheckPass | null,
      /**
       * Writes that belong to the call (a chat start's channel and message rows, as INSERTs), made in the same
       * statement or transaction as its record and only if it is recorded: one commit for the start, and if
       * they fail the call is not counted and the human check is not spent.
       */
      writes: SQL[] = [],
    ): Promise<void> {
      const { user, quota, period, since } = await planOf(caller, now, row);
      assertModelAllowed(caller, model, user.isPro);
      const modelClass: ModelClass = model === MODEL_STANDARD ? 'standard' : 'pro';
      const limit = modelClass === 'standard' ? quota.gpt3Quota : quota.gpt4Quota;
      const values = sql`${caller.userId}, ${kind}, ${modelClass}, ${now.toISOString()}::timestamptz`;
      // Nothing to count (quotas off, or an unlimited plan): one INSERT is the whole step, with the spend.
      if (limit < 0 || !enforce) {
        if (!pass) {
          const record = sql`insert into ${usageRecords} (user_id, kind, model_class, created_at) values (${values})`;
          await db.execute(writes.length ? withWrites(writes, [], record) : record);
          return;
        }
        if (writes.length) {
          // One statement: when the pass was spent already nothing is recorded, and its last line divides by
          // zero, which undoes the writes beside it (a statement is atomic).
          const recordOrFail = withWrites(
            writes,
            [
              sql`spent as (${spendStatement(pass)})`,
              sql`recorded as (insert into ${usageRecords} (user_id, kind, model_class, created_at)
                select ${values} from spent returning id)`,
            ],
            sql`select 1 / (select count(*) from recorded) as recorded`,
          );
          try {
            await db.execute(recordOrFail);
          } catch (error) {
            if (sqlState(error) === DIVISION_BY_ZERO) throw humanVerificationFailed();
            throw error;
          }
          return;
        }
        const recorded = (await db.execute(sql`with spent as (${spendStatement(pass)})
          insert into ${usageRecords} (user_id, kind, model_class, created_at)
          select ${values} from spent returning id`)) as unknown as { rows: unknown[] };
        if (recorded.rows.length === 0) throw humanVerificationFailed();
        return;
      }
      const used = await db.transaction(async (tx) => {
        await lockUsage(tx as unknown as Database, caller.userId);
        // The count and the record in one statement: a row only while the period's calls are under the limit
        // (and the human check, if any, was unspent; it is spent even when the quota refuses the call).
        const under = sql`(select count(*) from ${usageRecords}
            where user_id = ${caller.userId} and model_class = ${modelClass}
              and created_at >= ${since.toISOString()}::timestamptz) < ${limit}`;
        if (!pass) {
          const inserted = (await tx.execute(sql`insert into ${usageRecords}
              (user_id, kind, model_class, created_at)
            select ${values} where ${under} returning id`)) as unknown as { rows: unknown[] };
          if (inserted.rows.length > 0) {
            if (writes.length) await tx.execute(withWrites(writes, [], sql`select 1`));
            return null;
          }
        } else {
          const [result] = (
            (await tx.execute(sql`with spent as (${spendStatement(pass)}),
              recorded as (insert into ${usageRecords} (user_id, kind, model_class, created_at)
                select ${values} from spent where ${under} returning id)
              select (select count(*) from spent)::int as spent, (select count(*) from recorded)::int as recorded`)) as unknown as {
              rows: { spent: number; recorded: number }[];
            }
          ).rows;
          if (!result?.spent) throw humanVerificationFailed();
          if (result.recorded > 0) {
            if (writes.length) await tx.execute(withWrites(writes, [], sql`select 1`));
            return null;
          }
        }
        return (await callsSince(caller.userId, since, tx as unknown as Database))[modelClass];
      });
      if (used === null) return;
      throw new AppError(
        ResponseCode.UsageExceedsLimit,
        period === 'day' ? 'billing.quotaDay' : 'billing.quotaMonth',
        {
          params: { limit: String(limit) },
          source: modelClass === 'standard' ? 'FREEDAYMAX' : 'GPT4Turbo',
          shortMessage: `${used}/${limit}`,
        },
      );
    },

    /** A new document was stored: it counts in the period's uploads and pages even if deleted later. */
    async recordUpload(caller: Caller, pages: number, now = new Date()): Promise<void> {
      await db
        .insert(usageRecords)
        .values({ userId: caller.userId, kind: 'upload', amount: pages, createdAt: now });
    },

    /**
     * A document read again has more pages than it was counted with: only the pages it gained count in the
     * period's pages (not as a new document; a document that lost pages gives none back, as a deleted one does).
     */
    async recordPages(caller: Caller, pages: number, now = new Date()): Promise<void> {
      if (pages <= 0) return;
      await db
        .insert(usageRecords)
        .values({ userId: caller.userId, kind: 'pages', amount: pages, createdAt: now });
    },
  };
}
export type Meter = ReturnType<typeof createMeter>;
