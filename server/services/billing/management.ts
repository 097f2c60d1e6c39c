// Managing a subscription: detail, cancel with the questionnaire, retention and student coupons, upgrade
// with 3-D Secure. Every call works only on the caller's own subscription (another's answers as none);
// changes are requested from the provider and take effect when its signed event arrives.
import { and, eq } from 'drizzle-orm';
import { CancelFeedback } from '../../../common/contract/billing.schema.js';
import {
  type BillingDetail,
  type ConfirmStatus,
  type CouponPreview,
  currencyDecimals,
  DEFAULT_LANGUAGE,
  type Language,
  RETENTION_ACTIVITY,
  ResponseCode,
  STUDENT_ACTIVITY,
  type UpgradeItem,
  type UpgradeProducts,
  type UpgradeResult,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { cancelFeedback, subscriptions } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import { newId } from '../../ids.js';
import { planFeatures } from '../../messages/billing.js';
import { type PaymentProvider, ProviderError } from '../../providers/payments/provider.js';
import type { Caller } from '../auth/sessions.js';
import { currencySymbol } from './catalogue.js';
import type { BillingService } from './index.js';

type Subscription = typeof subscriptions.$inferSelect;

const RANK: Record<number, number> = { 1: 1, 3: 1, 6: 2, 7: 2, 4: 3, 5: 3 };

const noSubscription = () =>
  new AppError(ResponseCode.NotFound, 'billing.noSubscription', { httpStatus: 404 });

export function createBillingManagement(deps: { db: Database; billing: BillingService }) {
  const { db, billing } = deps;

  async function current(caller: Caller): Promise<Subscription | null> {
    return (await billing.liveSubscriptions(caller.userId))[0] ?? null;
  }

  /** The caller's subscription by id; someone else's is treated as not existing. */
  async function owned(caller: Caller, subscriptionId: string): Promise<Subscription> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, caller.userId)))
      .limit(1);
    if (!row || row.status === 'expired') throw noSubscription();
    return row;
  }

  const providerOf = (sub: Subscription): PaymentProvider => {
    const provider = billing.providerByName(sub.provider);
    if (!provider) throw new AppError(ResponseCode.BadRequest, 'billing.noProvider', { httpStatus: 400 });
    return provider;
  };

  async function viaProvider<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof ProviderError)
        throw new AppError(ResponseCode.BadRequest, 'billing.paymentFailed', { httpStatus: 400 });
      throw error;
    }
  }

  function detailOf(sub: Subscription): BillingDetail {
    const discountAmount = Math.round((sub.price * sub.discountPercent) / 100);
    return {
      membershipId: sub.trial ? 2 : sub.membershipId,
      subscriptionId: sub.id,
      price: sub.price,
      amount: sub.price,
      nextCharge: sub.price - discountAmount,
      symbol: currencySymbol(sub.currency),
      subscriptionInterval: sub.interval === 'year' ? 'Year' : 'Month',
      discountAmount,
      discountPercent: sub.discountPercent,
      discountDuration: sub.discountDuration,
      activity: sub.activity,
      provider: providerOf(sub).payProvider,
      currentPeriodStart: sub.currentPeriodStart.toISOString(),
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
      canceled: sub.cancelAtPeriodEnd,
      trial: sub.trial,
      pastDue: sub.status === 'past_due',
      priceMismatch: sub.priceMismatch,
    };
  }

  async function couponFor(kind: 'retention' | 'student') {
    const coupon = await billing.catalogue.couponOfKind(kind);
    return coupon?.active ? coupon : null;
  }

  async function allowed(caller: Caller, kind: 'retention' | 'student'): Promise<boolean> {
    const sub = await current(caller);
    if (!sub || sub.trial || sub.discountPercent > 0 || sub.status !== 'active') return false;
    // Wallet subscriptions (PayPal) take no coupons: the offer is not made rather than failing.
    if (billing.providerByName(sub.provider)?.coupons === false) return false;
    return (await couponFor(kind)) !== null;
  }

  function preview(sub: Subscription, percent: number): CouponPreview {
    const discountAmount = Math.round((sub.price * percent) / 100);
    return {
      discountPercent: percent,
      symbol: currencySymbol(sub.currency),
      amount: sub.price,
      discountAmount,
      nextCharge: sub.price - discountAmount,
      subscriptionInterval: sub.interval === 'year' ? 'Year' : 'Month',
    };
  }

  async function applyCoupon(caller: Caller, subscriptionId: string, kind: 'retention' | 'student') {
    const sub = await owned(caller, subscriptionId);
    const coupon = await couponFor(kind);
    if (!coupon || !(await allowed(caller, kind))) throw badRequest('billing.discountNotAllowed');
    const percent = Math.round(
      (sub.interval === 'year' ? coupon.yearlyDiscount : coupon.monthlyDiscount) * 100,
    );
    await viaProvider(() =>
      providerOf(sub).applyDiscount(sub.id, {
        code: coupon.code,
        percent,
        durationMonths: coupon.durationMonths,
        activity: kind === 'student' ? STUDENT_ACTIVITY : RETENTION_ACTIVITY,
      }),
    );
    return detailOf(await owned(caller, subscriptionId));
  }

  return {
    owned,
    applyCoupon,

    async detail(caller: Caller): Promise<BillingDetail | null> {
      const sub = await current(caller);
      return sub ? detailOf(sub) : null;
    },

    async cancel(caller: Caller, subscriptionId: string, feedback: unknown): Promise<BillingDetail> {
      const sub = await owned(caller, subscriptionId);
      const answers = CancelFeedback.safeParse(feedback);
      if (!answers.success) throw badRequest('billing.questionnaire');
      if (sub.cancelAtPeriodEnd) throw badRequest('billing.alreadyCanceled');
      await db
        .insert(cancelFeedback)
        .values({ id: newId(), userId: caller.userId, subscriptionId, answers: answers.data });
      await viaProvider(() => providerOf(sub).cancelAtPeriodEnd(sub.id));
      return detailOf(await owned(caller, subscriptionId));
    },

    allowCancelDiscount: (caller: Caller) => allowed(caller, 'retention'),
    allowStudentDiscount: (caller: Caller) => allowed(caller, 'student'),

    async detailPreview(caller: Caller, key: string): Promise<CouponPreview> {
      const sub = await current(caller);
      if (!sub) throw noSubscription();
      const kind = key === 'student' || key === STUDENT_ACTIVITY ? 'student' : 'retention';
      const coupon = await couponFor(kind);
      if (!coupon) throw badRequest('billing.discountNotAllowed');
      return preview(
        sub,
        Math.round((sub.interval === 'year' ? coupon.yearlyDiscount : coupon.monthlyDiscount) * 100),
      );
    },

    async upgradeProducts(caller: Caller, language: Language = DEFAULT_LANGUAGE): Promise<UpgradeProducts> {
      const FEATURES = planFeatures[language];
      const sub = await current(caller);
      const studentDiscount = await allowed(caller, 'student');
      if (!sub) return { studentDiscount, upgradeList: [] };
      const rank = RANK[sub.membershipId] ?? 0;
      const yearly = sub.interval === 'year';
      const products = await billing.catalogue.productsFor(caller.userId);
      const now = Date.now();
      const total = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
      const left = Math.max(0, sub.currentPeriodEnd.getTime() - now);
      const credit =
        sub.trial || total <= 0
          ? 0
          : Math.floor((sub.price * (1 - sub.discountPercent / 100) * left) / total);
      const upgradeList: UpgradeItem[] = products
        .filter((p) => {
          const r = RANK[p.membershipId] ?? 0;
          if (yearly && p.subscription === 'month') return false;
          return r > rank || (r === rank && !yearly && p.subscription === 'year');
        })
        .map((p) => {
          const remainAmount = Math.max(0, p.price - credit);
          return {
            productIds: p.productIds,
            membershipId: p.membershipId,
            subscription: p.subscription,
            discount: 0,
            discountAmount: p.price - remainAmount,
            // The currency's decimals: the client shows every amount with them (12.00, never 12).
            decimalPlaces: currencyDecimals(p.currency),
            symbol: currencySymbol(p.currency),
            remainAmount,
            greyDetails: FEATURES[sub.membershipId] ?? [],
            colorDetails:
              FEATURES[p.membershipId] ?? FEATURES[p.membershipId - 2] ?? FEATURES[p.membershipId - 1] ?? [],
          };
        });
      return { studentDiscount, upgradeList };
    },

    async upgrade(caller: Caller, productId: string, returnUrl: string): Promise<UpgradeResult> {
      const sub = await current(caller);
      if (!sub) throw noSubscription();
      if (sub.trial) throw badRequest('billing.trialCannotUpgrade');
      const provider = providerOf(sub);
      const product =
        (await billing.catalogue.productByProviderId(provider.payProvider, productId)) ??
        (await billing.catalogue.productById(productId));
      if (!product) throw badRequest('billing.unknownProduct');
      const list = await this.upgradeProducts(caller);
      if (!list.upgradeList.some((item) => item.membershipId === product.membershipId))
        throw badRequest('billing.notAnUpgrade');
      const providerProductId =
        (await billing.catalogue.toProduct(product)).productIds[String(provider.payProvider)] ?? product.id;
      return viaProvider(() => provider.upgrade(sub.id, product, providerProductId, returnUrl));
    },

    async checkConfirm(caller: Caller, confirmId: string): Promise<ConfirmStatus> {
      for (const provider of billing.providers) {
        const status = await provider.confirmStatus(confirmId, caller.userId).catch(() => null);
        if (status) return status;
      }
      throw new AppError(ResponseCode.NotFound, 'billing.noSubscription', { httpStatus: 404 });
    },
  };
}
export type BillingManagement = ReturnType<typeof createBillingManagement>;
