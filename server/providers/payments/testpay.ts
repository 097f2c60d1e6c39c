// Parley's built-in test provider: it plays a remote card provider inside Parley, and (its second face) a
// wallet like PayPal where the buyer approves on a hosted page. It keeps its own books (testpay_* tables, rows
// owned by 'testpay' or 'testwallet'), hosts a checkout page, a 3-D Secure challenge page and the wallet's
// approval page, and tells Parley what happened only through signed webhooks POSTed over HTTP to
// /api/v1/billing/webhook/{testpay|testwallet}, retried until answered 2xx (see testpay-outbox.ts).
import crypto from 'node:crypto';
import { and, eq, lte, notInArray } from 'drizzle-orm';
import {
  BillingPaths,
  type ConfirmStatus,
  PayProvider,
  TEST_CARDS,
  type UpgradeResult,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { testpaySessions, testpaySubscriptions } from '../../db/schema.js';
import { newId } from '../../ids.js';
import type { Logger } from '../../logger.js';
import {
  type CatalogueProduct,
  type CheckoutRequest,
  type DiscountRequest,
  type PaymentProvider,
  ProviderError,
  WebhookSignatureError,
} from './provider.js';
import {
  addPeriod,
  TESTPAY_SIGNATURE_HEADER,
  TestpayEvent,
  verifyTestpaySignature,
} from './testpay-events.js';
import { createTestpayOutbox } from './testpay-outbox.js';

export {
  addPeriod,
  signTestpay,
  TESTPAY_SIGNATURE_HEADER,
  TestpayEvent,
  verifyTestpaySignature,
} from './testpay-events.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a Manage billing link opens the portal (a real provider's portal session is as short). */
const PORTAL_LINK_TTL_MS = 30 * 60 * 1000;

const portalSignature = (secret: string, customerId: string, expires: string) =>
  crypto.createHmac('sha256', secret).update(`portal\n${customerId}\n${expires}`).digest('base64url');

export type CardOutcome = keyof typeof TEST_CARDS | 'unknown';
/** Customer ids of the test wallet start with this; the portal tells them from card customers by it. */
export const TEST_WALLET_CUSTOMER_PREFIX = 'tw_cus_';

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
  /** 'wallet': the test wallet (payProvider 3) that behaves like PayPal; default the test card provider. */
  face?: 'card' | 'wallet';
}

/** The status of a checkout session a newer checkout of the same user replaced: it can no longer be paid. */
export const CHECKOUT_REPLACED = 'canceled';

/** What a stored wallet subscription has in place of a card number. */
export const WALLET_FUNDING = 'wallet';

export function createTestpayProvider(deps: TestpayDeps) {
  const { db } = deps;
  const wallet = deps.face === 'wallet';
  const name = wallet ? 'testwallet' : 'testpay';
  const outbox = createTestpayOutbox({ ...deps, provider: name });
  const flush = outbox.flush;
  // The provider's own clock: real time, or later once tick() was told a later time (tests move it on).
  let movedTo = 0;
  const clock = () => Math.max(Date.now(), movedTo);
  const emit: typeof outbox.emit = (type, data, at = clock()) => outbox.emit(type, data, at);
  const ownSession = (id: string) => and(eq(testpaySessions.id, id), eq(testpaySessions.provider, name));
  const ownSubscription = (id: string) =>
    and(eq(testpaySubscriptions.id, id), eq(testpaySubscriptions.provider, name));

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
      .where(and(eq(testpaySubscriptions.userId, userId), eq(testpaySubscriptions.provider, name)))
      .limit(1);
    return (
      existing?.customerId ?? `${wallet ? TEST_WALLET_CUSTOMER_PREFIX : 'tp_cus_'}${newId().slice(0, 14)}`
    );
  }

  async function session(id: string) {
    const [row] = await db.select().from(testpaySessions).where(ownSession(id)).limit(1);
    return row ?? null;
  }

  async function subscription(id: string) {
    const [sub] = await db.select().from(testpaySubscriptions).where(ownSubscription(id)).limit(1);
    if (!sub) throw new ProviderError('unknown subscription');
    return sub;
  }

  /**
   * The card was charged, the wallet approved or the trial started: the books change and webhooks go out.
   * False when the session was already paid or was replaced: a session is paid at most once, even from two
   * pages submitted together (the status changes in one conditional write before anything else).
   */
  async function complete(row: typeof testpaySessions.$inferSelect, card: string): Promise<boolean> {
    const product = await deps.product(row.productId);
    if (!product) throw new ProviderError('unknown product');
    const [claimed] = await db
      .update(testpaySessions)
      .set({ status: 'succeeded' })
      .where(and(ownSession(row.id), notInArray(testpaySessions.status, ['succeeded', CHECKOUT_REPLACED])))
      .returning({ id: testpaySessions.id });
    if (!claimed) return false;
    const now = clock();
    if (row.kind === 'checkout') {
      const trial = row.trialDays > 0;
      const discount = row.coupon ? (JSON.parse(row.coupon) as DiscountRequest) : null;
      const [sub] = await db
        .insert(testpaySubscriptions)
        .values({
          id: `${wallet ? 'tw' : 'tp'}_sub_${newId().slice(0, 16)}`,
          provider: name,
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
      await db.update(testpaySessions).set({ subscriptionId: sub.id }).where(ownSession(row.id));
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
      const sub = await subscription(row.subscriptionId ?? '');
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
        .where(ownSubscription(sub.id));
      await emit(
        'subscription.updated',
        { ...subscriptionData(sub, product), cancelAtPeriodEnd: false },
        now,
      );
      await emit('invoice.paid', { subscriptionId: sub.id, periodStart: now, periodEnd }, now);
    }
    await flush();
    return true;
  }

  const retryDays = deps.retryDays ?? [3, 5, 7];
  /** When a past-due subscription is charged again, or null once its retries are used up. */
  const nextRetryAt = (sub: typeof testpaySubscriptions.$inferSelect) =>
    sub.failedAttempts > 0 && sub.failedAttempts <= retryDays.length
      ? sub.periodEnd + retryDays[sub.failedAttempts - 1] * DAY_MS
      : null;

  /**
   * Charges the card (or wallet) for the period after `sub.periodEnd` at `at`: paid moves the period on,
   * failed leaves the subscription past due, and the failure after the last retry ends it.
   */
  async function charge(sub: typeof testpaySubscriptions.$inferSelect, at: number) {
    const product = await deps.product(sub.productId);
    if (!product) return;
    if (cardOutcome(sub.card) !== 'failsRenewal') {
      const periodEnd = addPeriod(sub.periodEnd, product.period);
      await db
        .update(testpaySubscriptions)
        .set({ status: 'active', periodStart: sub.periodEnd, periodEnd, trial: false, failedAttempts: 0 })
        .where(ownSubscription(sub.id));
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
      .where(ownSubscription(sub.id));
    await emit('invoice.payment_failed', { subscriptionId: sub.id }, at);
    if (last) await emit('subscription.deleted', { subscriptionId: sub.id }, at);
  }

  /** Period ends and retry days: renew, retry, or end the subscription when it was cancelled. */
  async function tick(now = Date.now()) {
    movedTo = Math.max(movedTo, now);
    const due = await db
      .select()
      .from(testpaySubscriptions)
      .where(and(lte(testpaySubscriptions.periodEnd, now), eq(testpaySubscriptions.provider, name)));
    for (let sub of due) {
      if (sub.status === 'canceled') continue;
      if (sub.cancelAtPeriodEnd) {
        await db.update(testpaySubscriptions).set({ status: 'canceled' }).where(ownSubscription(sub.id));
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
        const [after] = await db.select().from(testpaySubscriptions).where(ownSubscription(sub.id));
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
      .where(and(eq(testpaySubscriptions.customerId, customerId), eq(testpaySubscriptions.provider, name)));
    for (const sub of subs) {
      if (sub.status === 'canceled') continue;
      await db.update(testpaySubscriptions).set({ card }).where(ownSubscription(sub.id));
      if (sub.status === 'past_due') await charge({ ...sub, card }, Math.max(now, sub.periodEnd));
    }
    await flush();
    return subs.length > 0;
  }

  const pages = `${BillingPaths.testpay}${wallet ? '/wallet' : ''}`;

  const provider: PaymentProvider & {
    flush: typeof flush;
    tick: typeof tick;
    updateCard: typeof updateCard;
    session: typeof session;
    complete: typeof complete;
    fail(id: string, status: ConfirmStatus): Promise<void>;
    portalLinkValid(customerId: string, expires: string | undefined, sig: string | undefined): boolean;
    secret: string;
  } = {
    name,
    payProvider: wallet ? PayProvider.Wallet : PayProvider.Card,
    label: wallet ? 'Test wallet' : 'Card (test mode)',
    labelKey: wallet ? 'billing.provider.testWallet' : 'billing.provider.cardTest',
    test: true,
    // The test wallet takes no coupons, like the wallet it stands in for.
    coupons: !wallet,
    secret: deps.secret,
    flush,
    tick,
    updateCard,
    session,
    complete,

    async fail(id, status) {
      await db.update(testpaySessions).set({ status }).where(ownSession(id));
    },

    async checkout(request: CheckoutRequest) {
      const id = `${wallet ? 'tw' : 'tp'}_cs_${newId()}`;
      await db.insert(testpaySessions).values({
        id,
        provider: name,
        kind: 'checkout',
        userId: request.userId,
        productId: request.product.id,
        trialDays: request.trialDays,
        coupon: request.discount ? JSON.stringify(request.discount) : null,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      return { url: wallet ? `${pages}/${id}` : `${pages}/checkout/${id}`, sessionId: id };
    },

    async expireCheckout(sessionId) {
      await db
        .update(testpaySessions)
        .set({ status: CHECKOUT_REPLACED })
        .where(and(ownSession(sessionId), notInArray(testpaySessions.status, ['succeeded'])));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const sub = await subscription(subscriptionId);
      await db.update(testpaySubscriptions).set({ cancelAtPeriodEnd: true }).where(ownSubscription(sub.id));
      await emit('subscription.updated', { subscriptionId, cancelAtPeriodEnd: true });
      await flush();
    },

    async applyDiscount(subscriptionId, discount) {
      if (wallet) throw new ProviderError('the test wallet takes no coupons');
      const sub = await subscription(subscriptionId);
      // A retention offer also takes back a pending cancellation.
      await db
        .update(testpaySubscriptions)
        .set({
          discountPercent: discount.percent,
          discountDuration: discount.durationMonths,
          activity: discount.activity,
          cancelAtPeriodEnd: false,
        })
        .where(ownSubscription(sub.id));
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
      const sub = await subscription(subscriptionId);
      const id = `${wallet ? 'tw' : 'tp'}_pi_${newId()}`;
      await db.insert(testpaySessions).values({
        id,
        provider: name,
        kind: 'upgrade',
        userId: sub.userId,
        productId: product.id,
        subscriptionId,
        successUrl: returnUrl,
        cancelUrl: returnUrl,
      });
      // A wallet buyer approves every change of plan on the wallet's page (as with PayPal's revise).
      if (wallet) {
        await db.update(testpaySessions).set({ status: 'requires_action' }).where(ownSession(id));
        return { action: 1, confirmUrl: `${pages}/${id}`, confirmId: id };
      }
      const row = (await session(id)) as typeof testpaySessions.$inferSelect;
      const outcome = cardOutcome(sub.card);
      if (outcome === 'threeDSecure') {
        await db.update(testpaySessions).set({ status: 'requires_action' }).where(ownSession(id));
        return { action: 1, confirmUrl: `${pages}/challenge/${id}`, confirmId: id };
      }
      if (outcome !== 'succeeds') {
        await db.update(testpaySessions).set({ status: 'requires_payment_method' }).where(ownSession(id));
        throw new ProviderError('card declined');
      }
      await complete(row, sub.card);
      return { action: 0, confirmUrl: null, confirmId: id };
    },

    async confirmStatus(confirmId, userId) {
      const row = await session(confirmId);
      return row && row.userId === userId ? (row.status as ConfirmStatus) : null;
    },

    /** A link to the customer's portal, signed and short-lived like a hosted portal session: the page
     * acts on the account, and a browser reaching it carries no Parley login. */
    async portalUrl(customerId, _returnUrl, language) {
      const expires = String(clock() + PORTAL_LINK_TTL_MS);
      const query = new URLSearchParams({
        ...(language ? { lang: language } : {}),
        expires,
        sig: portalSignature(deps.secret, customerId, expires),
      });
      return `${BillingPaths.testpay}/portal/${encodeURIComponent(customerId)}?${query}`;
    },

    /** True for a portal link this provider signed for this customer that has not expired yet. */
    portalLinkValid(customerId: string, expires: string | undefined, sig: string | undefined): boolean {
      if (!expires || !sig || !/^\d{1,15}$/.test(expires) || Number(expires) < clock()) return false;
      const expected = Buffer.from(portalSignature(deps.secret, customerId, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
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
