// Plans and purchase: what is for sale to this caller, checkout through the chosen provider, and the
// webhook entry point. Management (cancel, coupons, upgrade, student discount) is in management.ts.
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  type CheckoutQuery,
  type CheckoutResult,
  DEFAULT_LANGUAGE,
  type FreeTrialInfo,
  type Language,
  type MarketingActive,
  type PaymentInfo,
  PayProvider,
  type ProductList,
  ResponseCode,
  TRIAL_DAYS,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { billingCustomers, openCheckouts, subscriptions, users } from '../../db/schema.js';
import { AppError, badRequest, unauthenticated } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { translate } from '../../messages/index.js';
import { sameOriginPath } from '../../net/return-url.js';
import {
  type PaymentProvider,
  ProviderError,
  WebhookSignatureError,
} from '../../providers/payments/provider.js';
import type { Caller } from '../auth/sessions.js';
import { createKeyedLock } from '../keyed-lock.js';
import { currentUser } from '../user/user-info.js';
import { type Catalogue, type CatalogueOptions, createCatalogue, seedCatalogue } from './catalogue.js';
import { createLedger } from './ledger.js';
import { createMeter } from './quotas.js';
import type { BillingEvent } from './subscription-state.js';

/** How long an unpaid checkout is offered again instead of opening a new one (providers keep them a day). */
const OPEN_CHECKOUT_MS = 60 * 60_000;

export function createBillingService(deps: {
  db: Database;
  logger: Logger;
  catalogueOptions: CatalogueOptions;
  providers: PaymentProvider[];
  enforceQuotas?: boolean;
  /** DOCS_FREE_FILES_PER_DAY, when the operator set it: the Free plan's new documents a day. */
  freeUploadsPerDay?: number | null;
  pastDueGraceMs?: number;
  /** Where the pricing modal's Teams card sends buyers (an email address or a page); null: no card. */
  teamsContact?: string | null;
  /** Other instances may share the database (PostgreSQL): checkout and ledger locks hold across them. */
  shared?: boolean;
  /** The server's secret keying the kept hashes of deleted trial takers' emails. */
  trialEmailKey: Buffer;
}) {
  const { db } = deps;
  const shared = deps.shared ?? false;
  const catalogue: Catalogue = createCatalogue(db, deps.catalogueOptions, deps.trialEmailKey);
  const ledger = createLedger(db, deps.logger, deps.pastDueGraceMs, shared);
  const meter = createMeter(db, catalogue, {
    enforce: deps.enforceQuotas ?? true,
    freeUploadsPerDay: deps.freeUploadsPerDay,
  });
  const providers = deps.providers;
  // One checkout decision at a time per user: two opened together cannot both reach the provider.
  const checkoutLock = createKeyedLock(shared ? { db, name: 'checkout' } : null);

  function providerById(id: number | undefined): PaymentProvider {
    const found = providers.find((p) => p.payProvider === (id ?? PayProvider.Card)) ?? providers[0];
    if (!found) throw new AppError(ResponseCode.BadRequest, 'billing.noProvider', { httpStatus: 400 });
    return found;
  }
  const providerByName = (name: string) => providers.find((p) => p.name === name) ?? null;

  async function viaProvider<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof ProviderError) {
        deps.logger.warn({ err: error }, 'payment provider failed');
        throw new AppError(ResponseCode.ServerError, 'billing.providerUnavailable', { httpStatus: 502 });
      }
      throw error;
    }
  }

  async function member(caller: Caller) {
    if (caller.kind !== 'member') throw unauthenticated();
    const [row] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
    return row;
  }

  /**
   * Whether what a provider says it bills for a plan is not the catalogue's: its price per period before a coupon
   * and its currency must be the product's, and a coupon must be one this server issued, at its percentage for that
   * period. A misconfigured or tampered price or coupon at the provider then cannot buy a plan for less.
   */
  async function priceMismatch(event: BillingEvent, soldAtCatalogue = false): Promise<boolean> {
    const charged = event.charged;
    if (!charged || !event.productId) return false;
    const product = await catalogue.productById(event.productId);
    if (!product) return false; // an unknown product grants nothing anyway
    if (
      !soldAtCatalogue &&
      (charged.amount !== product.price || charged.currency?.toUpperCase() !== product.currency)
    )
      return true;
    const percent = event.discountPercent ?? 0;
    if (charged.coupon === undefined) return false; // a discount the provider's event does not name
    if (charged.coupon === null) return percent !== 0;
    const coupon = await catalogue.coupon(charged.coupon);
    if (!coupon) return true;
    const fraction = product.period === 'year' ? coupon.yearlyDiscount : coupon.monthlyDiscount;
    return percent !== Math.round(fraction * 100);
  }

  async function liveSubscriptions(userId: string) {
    return db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        ),
      )
      .orderBy(desc(subscriptions.currentPeriodEnd));
  }

  return {
    catalogue,
    ledger,
    meter,
    providers,
    providerByName,
    providerById,
    liveSubscriptions,

    async seed() {
      await seedCatalogue(db, deps.catalogueOptions);
    },

    async allProducts(caller: Caller | null): Promise<ProductList> {
      const userId = caller?.kind === 'member' ? caller.userId : null;
      const all = await catalogue.productsFor(userId);
      return {
        productVOS: all.filter((p) => p.productType === 'Pro' || p.productType === 'Unlimited'),
        priceStatus: catalogue.priceGroupOf(userId),
        trialStatus: await catalogue.trialStatusFor(userId),
        status: 1,
        teamsContact: deps.teamsContact ?? null,
      };
    },

    async freeTrial(caller: Caller | null): Promise<FreeTrialInfo> {
      const userId = caller?.kind === 'member' ? caller.userId : null;
      const trialStatus = await catalogue.trialStatusFor(userId);
      const all = await catalogue.productsFor(userId);
      const products = all.filter(
        (p) =>
          p.subscription === 'year' &&
          (p.productType === 'Pro' || (p.productType === 'Unlimited' && trialStatus === 'ProAndUnlimit')),
      );
      return { trialStatus, days: TRIAL_DAYS, products: trialStatus === 'none' ? [] : products };
    },

    payment(language: Language = DEFAULT_LANGUAGE): PaymentInfo {
      return {
        providers: providers.map((p) => ({
          id: p.payProvider,
          name: p.labelKey ? translate(language, p.labelKey) : p.label,
          test: p.test,
        })),
      };
    },

    async marketingActive(): Promise<MarketingActive> {
      return { discountCoupon: await catalogue.activeDiscount() };
    },

    /** Starts a hosted checkout; answers the provider's page to send the browser to. */
    async checkout(
      caller: Caller,
      query: CheckoutQuery,
      options: { provider: number; trial: boolean; withCoupon: boolean; origin: string; language?: string },
    ): Promise<string> {
      const user = await member(caller);
      const provider = providerById(options.provider);
      const product =
        (await catalogue.productByProviderId(provider.payProvider, query.productId)) ??
        (await catalogue.productById(query.productId));
      if (!product) throw badRequest('billing.unknownProduct');
      if ((await liveSubscriptions(user.id)).length > 0) throw badRequest('billing.alreadyMember');
      let trialDays = 0;
      if (options.trial) {
        const status = await catalogue.trialStatusFor(user.id);
        const eligible =
          product.period === 'year' &&
          ((status !== 'none' && product.productType === 'Pro') ||
            (status === 'ProAndUnlimit' && product.productType === 'Unlimited'));
        if (!eligible || Number(query.days ?? TRIAL_DAYS) !== TRIAL_DAYS) throw badRequest('billing.noTrial');
        trialDays = TRIAL_DAYS;
      }
      let discount = null;
      if (options.withCoupon) {
        if (provider.coupons === false) throw badRequest('billing.noCouponWithProvider');
        const coupon = query.coupon ? await catalogue.coupon(query.coupon) : null;
        if (coupon?.kind !== 'marketing' || !coupon.active) throw badRequest('billing.couponInvalid');
        const fraction = product.period === 'year' ? coupon.yearlyDiscount : coupon.monthlyDiscount;
        discount = {
          code: coupon.code,
          percent: Math.round(fraction * 100),
          durationMonths: coupon.durationMonths,
          activity: coupon.code,
        };
      }
      const providerProductId =
        (await catalogue.toProduct(product)).productIds[String(provider.payProvider)] ?? product.id;
      const existing = (
        await db
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, provider.name)))
          .limit(1)
      )[0];
      const successUrl = sameOriginPath(query.successUrl, options.origin);
      const cancelUrl = sameOriginPath(query.cancelUrl, options.origin);
      // Everything the provider's page is made of: the same offer is the same page.
      const offer = JSON.stringify([product.id, trialDays, discount?.code ?? null, successUrl, cancelUrl]);
      const session = await checkoutLock(user.id, async () => {
        const [open] = await db
          .select()
          .from(openCheckouts)
          .where(eq(openCheckouts.userId, user.id))
          .limit(1);
        // The same offer still open: the same page again, so paying in either tab pays once.
        if (
          open &&
          open.provider === provider.name &&
          open.offer === offer &&
          Date.now() - open.createdAt.getTime() < OPEN_CHECKOUT_MS
        )
          return { url: open.url, sessionId: open.sessionId };
        // Another offer replaces it: the older page can no longer be paid.
        if (open) {
          const previous = providerByName(open.provider);
          await previous?.expireCheckout?.(open.sessionId).catch((error: unknown) => {
            deps.logger.warn({ err: error, provider: open.provider }, 'an older checkout was not expired');
          });
        }
        const created = await viaProvider(() =>
          provider.checkout({
            userId: user.id,
            email: user.email,
            customerId: existing?.customerId ?? null,
            product,
            providerProductId,
            trialDays,
            discount,
            // Only this app may be returned to: anything else goes back to its home page.
            successUrl,
            cancelUrl,
            origin: options.origin,
          }),
        );
        const values = {
          userId: user.id,
          provider: provider.name,
          offer,
          sessionId: created.sessionId,
          url: created.url,
          createdAt: new Date(),
        };
        await db
          .insert(openCheckouts)
          .values(values)
          .onConflictDoUpdate({ target: openCheckouts.userId, set: values });
        return created;
      });
      const url = session.url;
      // Parley's own (test) pages speak the caller's language.
      return url.startsWith('/') ? `${options.origin}${url}?lang=${options.language ?? 'en'}` : url;
    },

    /**
     * What a return from the provider may show: 'paid' or 'trial' only when this caller's subscription
     * started or changed since the checkout was opened; 'pending' while a checkout is open without news
     * (its webhook may still be on the way); 'none' otherwise (a guest, a stale link, the back button).
     * A paid or trial answer is given once: the checkout is then closed.
     */
    async checkoutResult(caller: Caller): Promise<CheckoutResult> {
      if (caller.kind !== 'member') return { status: 'none' };
      const [open] = await db
        .select()
        .from(openCheckouts)
        .where(eq(openCheckouts.userId, caller.userId))
        .limit(1);
      if (!open) return { status: 'none' };
      const [changed] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, caller.userId),
            inArray(subscriptions.status, ['trialing', 'active']),
            gte(subscriptions.updatedAt, open.createdAt),
          ),
        )
        .orderBy(desc(subscriptions.updatedAt))
        .limit(1);
      if (!changed) return { status: 'pending' };
      const closed = await db
        .delete(openCheckouts)
        .where(and(eq(openCheckouts.userId, caller.userId), eq(openCheckouts.sessionId, open.sessionId)))
        .returning({ userId: openCheckouts.userId });
      // Another tab asked at the same moment and got the answer.
      if (closed.length === 0) return { status: 'none' };
      return { status: changed.trial ? 'trial' : 'paid' };
    },

    /** A provider's webhook: verified first; a bad signature changes nothing and answers 400. */
    async webhook(name: string, rawBody: string, headers: Record<string, string | undefined>) {
      const provider = providerByName(name);
      if (!provider) throw new AppError(ResponseCode.NotFound, 'billing.noProvider', { httpStatus: 404 });
      let events: Awaited<ReturnType<PaymentProvider['verifyWebhook']>>;
      try {
        events = await provider.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
          deps.logger.warn({ provider: name, reason: (error as Error).message }, 'webhook refused');
          throw new AppError(ResponseCode.BadRequest, 'billing.webhookSignature', { httpStatus: 400 });
        }
        // The provider could not be asked (its verification API is down): a non-2xx makes it retry.
        if (error instanceof ProviderError) {
          deps.logger.warn({ provider: name, err: error }, 'webhook not verified now');
          throw new AppError(ResponseCode.ServerError, 'billing.providerUnavailable', { httpStatus: 502 });
        }
        throw error;
      }
      for (const event of events) {
        if (!event.charged) continue;
        // A plan accepted at its catalogue price renews at the price it was sold at: its amount is not compared
        // again, or members whose plan the operator repriced since would lose the plan they pay for at renewal.
        // A change of plan is checked again, and a coupon always (one added later must be ours too).
        const [accepted] = await db
          .select({ productId: subscriptions.productId, priceMismatch: subscriptions.priceMismatch })
          .from(subscriptions)
          .where(and(eq(subscriptions.provider, provider.name), eq(subscriptions.id, event.subscriptionId)))
          .limit(1);
        const soldAtCatalogue =
          !!accepted && !accepted.priceMismatch && accepted.productId === event.productId;
        event.priceMismatch = await priceMismatch(event, soldAtCatalogue);
        if (event.priceMismatch)
          deps.logger.warn(
            {
              provider: name,
              eventId: event.id,
              subscriptionId: event.subscriptionId,
              productId: event.productId,
              charged: event.charged,
              discountPercent: event.discountPercent,
            },
            'provider bills a price, currency or coupon the catalogue does not have: no plan granted',
          );
      }
      await ledger.ingest(provider.name, events);
      return events.length;
    },

    /** Plans cancelled at providers that send nothing at the period end (PayPal) end here when the paid
     * time is over; recorded as an event like any other, so it counts once. */
    async endCancelled(now = Date.now()) {
      for (const provider of providers.filter((p) => p.endsAtCancellation)) {
        const due = await db
          .select()
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.provider, provider.name),
              eq(subscriptions.cancelAtPeriodEnd, true),
              inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
              lte(subscriptions.currentPeriodEnd, new Date(now)),
            ),
          );
        for (const sub of due)
          await ledger.ingest(provider.name, [
            {
              id: `parley-period-end:${sub.id}`,
              type: 'subscription.deleted',
              subscriptionId: sub.id,
              occurredAt: sub.currentPeriodEnd.getTime(),
            },
          ]);
      }
    },

    currentUser: (caller: Caller) => currentUser(db, caller),

    /** The provider's customer portal, only for a customer of this caller. */
    async portal(
      caller: Caller,
      payProvider: number,
      customerId: string | undefined,
      returnUrl: string,
      language?: string,
    ) {
      const provider = providers.find((p) => p.payProvider === payProvider);
      if (!provider) throw new AppError(ResponseCode.BadRequest, 'billing.noProvider', { httpStatus: 400 });
      const [owned] = await db
        .select()
        .from(billingCustomers)
        .where(
          and(
            eq(billingCustomers.userId, caller.userId),
            eq(billingCustomers.provider, provider.name),
            ...(customerId ? [eq(billingCustomers.customerId, customerId)] : []),
          ),
        )
        .limit(1);
      if (!owned) throw new AppError(ResponseCode.NotFound, 'billing.noSubscription', { httpStatus: 404 });
      try {
        return await provider.portalUrl(owned.customerId, returnUrl, language);
      } catch (error) {
        if (error instanceof ProviderError)
          throw new AppError(ResponseCode.ServerError, 'billing.providerUnavailable', { httpStatus: 502 });
        throw error;
      }
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
