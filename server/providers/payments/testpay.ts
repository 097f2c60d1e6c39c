// Parley's built-in test provider: it plays a remote card provider inside Parley. It keeps its own books
// (testpay_* tables), hosts a checkout page and a 3-D Secure challenge page, and tells Parley what happened
// only through signed webhooks POSTed over HTTP to /api/v1/billing/webhook/testpay, retried until answered
// 2xx (kept in an outbox table, so they survive a restart).
import crypto from 'node:crypto';
import { asc, eq, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import {
  BillingPaths,
  type ConfirmStatus,
  PayProvider,
  TEST_CARDS,
  type UpgradeResult,
} from '../../../src/api/contract.js';
import type { Database } from '../../db/client.js';
import { testpayOutbox, testpaySessions, testpaySubscriptions } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import { type BillingEvent, EVENT_TYPES } from '../../services/billing/subscription-state.js';
import { newId } from '../../services/ids.js';
import {
  type CatalogueProduct,
  type CheckoutRequest,
  type DiscountRequest,
  type PaymentProvider,
  ProviderError,
  WebhookSignatureError,
} from './provider.js';

export const TESTPAY_SIGNATURE_HEADER = 'testpay-signature';
const TOLERANCE_SECONDS = 300;
const DAY_MS = 24 * 60 * 60 * 1000;

export function signTestpay(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifyTestpaySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.trim().split('=', 2)));
  const timestamp = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(timestamp)) throw new WebhookSignatureError('no signature');
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('too old');
  const expected = Buffer.from(signTestpay(secret, body, timestamp).split('v1=')[1], 'hex');
  const given = Buffer.from(String(parts.v1), 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw new WebhookSignatureError('bad signature');
}

const EventData = z.object({
  subscriptionId: z.string().min(1),
  userId: z.string().optional(),
  customerId: z.string().optional(),
  membershipId: z.number().int().optional(),
  productId: z.string().optional(),
  price: z.number().int().optional(),
  currency: z.string().optional(),
  interval: z.enum(['month', 'year']).optional(),
  trial: z.boolean().optional(),
  periodStart: z.number().optional(),
  periodEnd: z.number().optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  discountPercent: z.number().int().optional(),
  discountDuration: z.number().int().optional(),
  activity: z.string().nullable().optional(),
});
export const TestpayEvent = z.object({
  id: z.string().min(1),
  type: z.enum(EVENT_TYPES),
  created: z.number(),
  data: EventData,
});
export type TestpayEvent = z.infer<typeof TestpayEvent>;

export function addPeriod(from: number, period: string): number {
  const date = new Date(from);
  if (period === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

export type CardOutcome = keyof typeof TEST_CARDS | 'unknown';
export function cardOutcome(raw: string): CardOutcome {
  const digits = raw.replace(/\D/g, '');
  for (const [outcome, number] of Object.entries(TEST_CARDS))
    if (digits === number) return outcome as CardOutcome;
  return 'unknown';
}

export interface TestpayDeps {
  db: Database;
  secret: string;
  logger: Logger;
  product(id: string): Promise<CatalogueProduct | null>;
  /** Where Parley listens; known once the server is up. */
  selfUrl(): string | null;
  /** Days after a failed renewal to charge again (Stripe-like); after the last failure the subscription ends. */
  retryDays?: number[];
}

export function createTestpayProvider(deps: TestpayDeps) {
  const { db } = deps;
  let lastSeq = 0;
  const nextSeq = () => {
    lastSeq = Math.max(Date.now() * 1000, lastSeq + 1);
    return lastSeq;
  };

  // The provider's own clock: real time, or later once tick() was told a later time (tests move it on).
  let movedTo = 0;
  const clock = () => Math.max(Date.now(), movedTo);

  async function emit(type: BillingEvent['type'], data: z.infer<typeof EventData>, at = clock()) {
    const event: TestpayEvent = { id: `evt_${newId()}`, type, created: at, data };
    await db.insert(testpayOutbox).values({ seq: nextSeq(), eventId: event.id, body: JSON.stringify(event) });
  }

  let flushing: Promise<void> | null = null;
  /** Delivers pending webhooks in order; stops at the first failure and retries on the next flush. */
  async function flush(): Promise<void> {
    if (flushing) return flushing.then(() => flush());
    flushing = (async () => {
      const base = deps.selfUrl();
      if (!base) return;
      const pending = await db
        .select()
        .from(testpayOutbox)
        .where(isNull(testpayOutbox.deliveredAt))
        .orderBy(asc(testpayOutbox.seq));
      for (const row of pending) {
        let delivered = false;
        try {
          const response = await fetch(`${base}${BillingPaths.webhook}/testpay`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              [TESTPAY_SIGNATURE_HEADER]: signTestpay(deps.secret, row.body),
            },
            body: row.body,
          });
          delivered = response.ok;
        } catch (error) {
          deps.logger.warn({ err: error, eventId: row.eventId }, 'test provider webhook not delivered');
        }
        await db
          .update(testpayOutbox)
          .set(
            delivered
              ? { deliveredAt: new Date(), attempts: row.attempts + 1 }
              : { attempts: row.attempts + 1 },
          )
          .where(eq(testpayOutbox.seq, row.seq));
        if (!delivered) break;
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  function subscriptionData(sub: typeof testpaySubscriptions.$inferSelect, product: CatalogueProduct) {
    return {
      subscriptionId: sub.id,
      userId: sub.userId,
      customerId: sub.customerId,
      membershipId: product.membershipId,
      productId: product.id,
      price: product.price,
      currency: product.currency,
      interval: product.period as 'month' | 'year',
    };
  }

  async function customerOf(userId: string) {
    const [existing] = await db
      .select({ customerId: testpaySubscriptions.customerId })
      .from(testpaySubscriptions)
      .where(eq(testpaySubscriptions.userId, userId))
      .limit(1);
    return existing?.customerId ?? `tp_cus_${newId().slice(0, 14)}`;
  }

  async function session(id: string) {
    const [row] = await db.select().from(testpaySessions).where(eq(testpaySessions.id, id)).limit(1);
    return row ?? null;
  }

  /** The card was charged (or the trial started): the provider's books change and webhooks go out. */
  async function complete(row: typeof testpaySessions.$inferSelect, card: string) {
    const product = await deps.product(row.productId);
    if (!product) throw new ProviderError('unknown product');
    const now = clock();
    if (row.kind === 'checkout') {
      const trial = row.trialDays > 0;
      const discount = row.coupon ? (JSON.parse(row.coupon) as DiscountRequest) : null;
      const [sub] = await db
        .insert(testpaySubscriptions)
        .values({
          id: `tp_sub_${newId().slice(0, 16)}`,
          customerId: await customerOf(row.userId),
          userId: row.userId,
          productId: product.id,
          card,
          status: trial ? 'trialing' : 'active',
          periodStart: now,
          periodEnd: trial ? now + row.trialDays * DAY_MS : addPeriod(now, product.period),
          trial,
          discountPercent: discount?.percent ?? 0,
          discountDuration: discount?.durationMonths ?? 0,
          activity: discount?.activity ?? null,
        })
        .returning();
      await db
        .update(testpaySessions)
        .set({ status: 'succeeded', subscriptionId: sub.id })
        .where(eq(testpaySessions.id, row.id));
      await emit(
        'subscription.created',
        {
          ...subscriptionData(sub, product),
          trial,
          periodStart: sub.periodStart,
          periodEnd: sub.periodEnd,
        },
        now,
      );
      if (discount)
        await emit(
          'subscription.updated',
          {
            subscriptionId: sub.id,
            discountPercent: discount.percent,
            discountDuration: discount.durationMonths,
            activity: discount.activity,
          },
          now,
        );
      if (!trial)
        await emit(
          'invoice.paid',
          { subscriptionId: sub.id, periodStart: sub.periodStart, periodEnd: sub.periodEnd },
          now,
        );
    } else {
      const [sub] = await db
        .select()
        .from(testpaySubscriptions)
        .where(eq(testpaySubscriptions.id, row.subscriptionId ?? ''))
        .limit(1);
      if (!sub) throw new ProviderError('unknown subscription');
      // An upgrade starts a new period at the new price; the unused part of the old one was credited.
      const periodEnd = addPeriod(now, product.period);
      await db
        .update(testpaySubscriptions)
        .set({
          productId: product.id,
          status: 'active',
          periodStart: now,
          periodEnd,
          trial: false,
          cancelAtPeriodEnd: false,
        })
        .where(eq(testpaySubscriptions.id, sub.id));
      await db.update(testpaySessions).set({ status: 'succeeded' }).where(eq(testpaySessions.id, row.id));
      await emit(
        'subscription.updated',
        { ...subscriptionData(sub, product), cancelAtPeriodEnd: false },
        now,
      );
      await emit('invoice.paid', { subscriptionId: sub.id, periodStart: now, periodEnd }, now);
    }
    await flush();
  }

  const retryDays = deps.retryDays ?? [3, 5, 7];
  /** When a past-due subscription is charged again, or null once its retries are used up. */
  const nextRetryAt = (sub: typeof testpaySubscriptions.$inferSelect) =>
    sub.failedAttempts > 0 && sub.failedAttempts <= retryDays.length
      ? sub.periodEnd + retryDays[sub.failedAttempts - 1] * DAY_MS
      : null;

  /**
   * Charges the card for the period after `sub.periodEnd` at `at`: paid moves the period on, failed leaves the
   * subscription past due, and the failure after the last retry ends it.
   */
  async function charge(sub: typeof testpaySubscriptions.$inferSelect, at: number) {
    const product = await deps.product(sub.productId);
    if (!product) return;
    if (cardOutcome(sub.card) !== 'failsRenewal') {
      const periodEnd = addPeriod(sub.periodEnd, product.period);
      await db
        .update(testpaySubscriptions)
        .set({ status: 'active', periodStart: sub.periodEnd, periodEnd, trial: false, failedAttempts: 0 })
        .where(eq(testpaySubscriptions.id, sub.id));
      await emit(
        'invoice.paid',
        { subscriptionId: sub.id, membershipId: product.membershipId, periodStart: sub.periodEnd, periodEnd },
        at,
      );
      return;
    }
    const failedAttempts = sub.failedAttempts + 1;
    const last = failedAttempts > retryDays.length;
    await db
      .update(testpaySubscriptions)
      .set({ status: last ? 'canceled' : 'past_due', failedAttempts })
      .where(eq(testpaySubscriptions.id, sub.id));
    await emit('invoice.payment_failed', { subscriptionId: sub.id }, at);
    if (last) await emit('subscription.deleted', { subscriptionId: sub.id }, at);
  }

  /** Period ends and retry days: renew, retry, or end the subscription when it was cancelled. */
  async function tick(now = Date.now()) {
    movedTo = Math.max(movedTo, now);
    const due = await db.select().from(testpaySubscriptions).where(lte(testpaySubscriptions.periodEnd, now));
    for (let sub of due) {
      if (sub.status === 'canceled') continue;
      if (sub.cancelAtPeriodEnd) {
        await db
          .update(testpaySubscriptions)
          .set({ status: 'canceled' })
          .where(eq(testpaySubscriptions.id, sub.id));
        // Cancelled while past due: nothing more is retried, it ends now.
        await emit(
          'subscription.deleted',
          { subscriptionId: sub.id },
          sub.status === 'past_due' ? now : sub.periodEnd,
        );
        continue;
      }
      // A clock that jumps far ahead plays every renewal and retry on the way, in order.
      for (;;) {
        const at = sub.status === 'past_due' ? nextRetryAt(sub) : sub.periodEnd;
        if (at === null || at > now) break;
        await charge(sub, at);
        const [after] = await db
          .select()
          .from(testpaySubscriptions)
          .where(eq(testpaySubscriptions.id, sub.id));
        if (!after || after.status === 'canceled') break;
        sub = after;
      }
    }
    await flush();
  }

  /** The customer's new card (the portal): kept for renewals, and an unpaid renewal is charged at once. */
  async function updateCard(customerId: string, card: string, now = clock()) {
    const subs = await db
      .select()
      .from(testpaySubscriptions)
      .where(eq(testpaySubscriptions.customerId, customerId));
    for (const sub of subs) {
      if (sub.status === 'canceled') continue;
      await db.update(testpaySubscriptions).set({ card }).where(eq(testpaySubscriptions.id, sub.id));
      if (sub.status === 'past_due') await charge({ ...sub, card }, Math.max(now, sub.periodEnd));
    }
    await flush();
    return subs.length > 0;
  }

  const provider: PaymentProvider & {
    flush: typeof flush;
    tick: typeof tick;
    updateCard: typeof updateCard;
    session: typeof session;
    complete: typeof complete;
    fail(id: string, status: ConfirmStatus): Promise<void>;
    secret: string;
  } = {
    name: 'testpay',
    payProvider: PayProvider.Card,
    label: 'Card (test mode)',
    test: true,
    secret: deps.secret,
    flush,
    tick,
    updateCard,
    session,
    complete,

    async fail(id, status) {
      await db.update(testpaySessions).set({ status }).where(eq(testpaySessions.id, id));
    },

    async checkout(request: CheckoutRequest) {
      const id = `tp_cs_${newId()}`;
      await db.insert(testpaySessions).values({
        id,
        kind: 'checkout',
        userId: request.userId,
        productId: request.product.id,
        trialDays: request.trialDays,
        coupon: request.discount ? JSON.stringify(request.discount) : null,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      return `${BillingPaths.testpay}/checkout/${id}`;
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const [sub] = await db
        .select()
        .from(testpaySubscriptions)
        .where(eq(testpaySubscriptions.id, subscriptionId))
        .limit(1);
      if (!sub) throw new ProviderError('unknown subscription');
      await db
        .update(testpaySubscriptions)
        .set({ cancelAtPeriodEnd: true })
        .where(eq(testpaySubscriptions.id, sub.id));
      await emit('subscription.updated', { subscriptionId, cancelAtPeriodEnd: true });
      await flush();
    },

    async applyDiscount(subscriptionId, discount) {
      const updated = await db
        .update(testpaySubscriptions)
        .set({
          discountPercent: discount.percent,
          discountDuration: discount.durationMonths,
          activity: discount.activity,
        })
        .where(eq(testpaySubscriptions.id, subscriptionId))
        .returning();
      if (updated.length === 0) throw new ProviderError('unknown subscription');
      // A retention offer also takes back a pending cancellation.
      await db
        .update(testpaySubscriptions)
        .set({ cancelAtPeriodEnd: false })
        .where(eq(testpaySubscriptions.id, subscriptionId));
      await emit('subscription.updated', {
        subscriptionId,
        discountPercent: discount.percent,
        discountDuration: discount.durationMonths,
        activity: discount.activity,
        cancelAtPeriodEnd: false,
      });
      await flush();
    },

    async upgrade(subscriptionId, product, _providerProductId, returnUrl): Promise<UpgradeResult> {
      const [sub] = await db
        .select()
        .from(testpaySubscriptions)
        .where(eq(testpaySubscriptions.id, subscriptionId))
        .limit(1);
      if (!sub) throw new ProviderError('unknown subscription');
      const id = `tp_pi_${newId()}`;
      await db.insert(testpaySessions).values({
        id,
        kind: 'upgrade',
        userId: sub.userId,
        productId: product.id,
        subscriptionId,
        successUrl: returnUrl,
        cancelUrl: returnUrl,
      });
      const [row] = await db.select().from(testpaySessions).where(eq(testpaySessions.id, id));
      const outcome = cardOutcome(sub.card);
      if (outcome === 'threeDSecure') {
        await db.update(testpaySessions).set({ status: 'requires_action' }).where(eq(testpaySessions.id, id));
        return { action: 1, confirmUrl: `${BillingPaths.testpay}/challenge/${id}`, confirmId: id };
      }
      if (outcome !== 'succeeds') {
        await db
          .update(testpaySessions)
          .set({ status: 'requires_payment_method' })
          .where(eq(testpaySessions.id, id));
        throw new ProviderError('card declined');
      }
      await complete(row, sub.card);
      return { action: 0, confirmUrl: null, confirmId: id };
    },

    async confirmStatus(confirmId, userId) {
      const row = await session(confirmId);
      return row && row.userId === userId ? (row.status as ConfirmStatus) : null;
    },

    async portalUrl(customerId) {
      return `${BillingPaths.testpay}/portal/${encodeURIComponent(customerId)}`;
    },

    async verifyWebhook(rawBody, headers) {
      verifyTestpaySignature(deps.secret, rawBody, headers[TESTPAY_SIGNATURE_HEADER]);
      const parsed = TestpayEvent.safeParse(JSON.parse(rawBody));
      if (!parsed.success) throw new WebhookSignatureError('unreadable event');
      const { id, type, created, data } = parsed.data;
      return [{ ...data, id, type, occurredAt: created }];
    },
  };
  return provider;
}
export type TestpayProvider = ReturnType<typeof createTestpayProvider>;
