// Stripe as the card provider (STRIPE_SECRET_KEY): hosted Checkout for purchase and trial, the customer
// portal, subscription updates for cancel/coupons/upgrades, and webhooks verified with the SDK's
// constructEvent (STRIPE_WEBHOOK_SECRET), translated into Parley's billing events.
import type Stripe from 'stripe';
import {
  CONFIRM_STATUSES,
  type ConfirmStatus,
  PayProvider,
  type UpgradeResult,
} from '../../../common/contract/index.js';
import type { BillingEvent } from './events.js';
import {
  type CatalogueProduct,
  type CheckoutRequest,
  type DiscountRequest,
  type PaymentProvider,
  ProviderError,
  WebhookSignatureError,
} from './provider.js';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible API base (tests, proxies); unset: api.stripe.com. */
  apiBase: string | null;
}

type Loose = Record<string, unknown>;
const str = (v: unknown) =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as Loose).id) : undefined;
const ms = (seconds: unknown) => (typeof seconds === 'number' ? seconds * 1000 : undefined);

export function createStripeProvider(
  config: StripeConfig,
  deps: {
    /** A Stripe price id back to the catalogue product. */
    productByPrice(priceId: string): Promise<CatalogueProduct | null>;
    /** Whether this Stripe customer belongs to this Parley user. */
    customerOwnedBy(customerId: string, userId: string): Promise<boolean>;
  },
): PaymentProvider {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  // The SDK is loaded with the first call, not at start (the server's idle memory stays small).
  let sdk: Promise<{ stripe: Stripe; StripeError: typeof Stripe.errors.StripeError }> | null = null;
  const load = () =>
    (sdk ??= import('stripe').then(({ default: StripeSdk }) => ({
      StripeError: StripeSdk.errors.StripeError,
      stripe: new StripeSdk(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === 'https:' ? 443 : 80),
              protocol: base.protocol.replace(':', '') as 'http' | 'https',
            }
          : {}),
      }),
    })));

  async function call<T>(task: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { stripe, StripeError } = await load();
    try {
      return await task(stripe);
    } catch (error) {
      if (error instanceof StripeError) throw new ProviderError(error.message);
      throw error;
    }
  }

  /** A subscription object (any API version) as the fields Parley folds. */
  async function subscriptionFields(sub: Loose): Promise<Partial<BillingEvent>> {
    const items = ((sub.items as Loose | undefined)?.data as Loose[] | undefined) ?? [];
    const item = items[0] ?? {};
    const priceId = str(item.price);
    const product = priceId ? await deps.productByPrice(priceId) : null;
    const discount = ((sub.discounts as Loose[] | undefined)?.[0] ?? sub.discount) as
      | Loose
      | null
      | undefined;
    const coupon =
      (discount && typeof discount === 'object' ? (discount.coupon as Loose | undefined) : undefined) ??
      undefined;
    const metadata = (sub.metadata as Record<string, string> | undefined) ?? {};
    // What Stripe itself bills (its price object, not the catalogue's idea of it), checked by the billing service.
    const price = item.price && typeof item.price === 'object' ? (item.price as Loose) : {};
    const quantity = typeof item.quantity === 'number' ? item.quantity : 1;
    return {
      subscriptionId: String(sub.id),
      userId: metadata.userId,
      customerId: str(sub.customer),
      membershipId: product?.membershipId,
      productId: product?.id,
      price: product?.price,
      currency: product?.currency,
      interval: product ? (product.period as 'month' | 'year') : undefined,
      trial: sub.status === 'trialing',
      periodStart: ms(item.current_period_start ?? sub.current_period_start),
      periodEnd: ms(item.current_period_end ?? sub.current_period_end),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      discountPercent: typeof coupon?.percent_off === 'number' ? Math.round(coupon.percent_off) : 0,
      discountDuration: typeof coupon?.duration_in_months === 'number' ? coupon.duration_in_months : 0,
      activity: metadata.activity ?? null,
      charged: {
        amount: typeof price.unit_amount === 'number' ? price.unit_amount * quantity : null,
        currency: typeof price.currency === 'string' ? price.currency.toUpperCase() : null,
        // Newer API versions list discounts by id only: their coupon is then not named here.
        coupon:
          coupon && typeof coupon.id === 'string'
            ? coupon.id
            : ((sub.discounts as unknown[] | undefined)?.length ?? 0) > 0
              ? undefined
              : null,
      },
    };
  }

  function invoiceSubscription(invoice: Loose): string | undefined {
    const parent = invoice.parent as Loose | undefined;
    return (
      str(invoice.subscription) ?? str((parent?.subscription_details as Loose | undefined)?.subscription)
    );
  }

  async function translate(event: Stripe.Event): Promise<BillingEvent[]> {
    const object = event.data.object as unknown as Loose;
    const at = event.created * 1000;
    const common = { id: event.id, occurredAt: at };
    switch (event.type) {
      case 'customer.subscription.created': {
        const fields = await subscriptionFields(object);
        return [{ ...common, ...fields, type: 'subscription.created' } as BillingEvent];
      }
      case 'customer.subscription.updated': {
        const {
          userId: _u,
          trial: _t,
          periodStart: _s,
          periodEnd: _e,
          ...fields
        } = await subscriptionFields(object);
        const updated = { ...common, ...fields, type: 'subscription.updated' } as BillingEvent;
        // Stripe marks a failed renewal on the subscription too (unpaid: retries exhausted, not cancelled).
        if (object.status !== 'past_due' && object.status !== 'unpaid') return [updated];
        return [
          updated,
          {
            id: `${event.id}:${object.status}`,
            occurredAt: at,
            type: 'invoice.payment_failed',
            subscriptionId: updated.subscriptionId,
          },
        ];
      }
      case 'customer.subscription.deleted':
        return [{ ...common, type: 'subscription.deleted', subscriptionId: String(object.id) }];
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscription(object);
        if (!subscriptionId) return [];
        // The 0-amount invoice that opens a trial is not a payment.
        if (
          event.type === 'invoice.paid' &&
          object.amount_paid === 0 &&
          object.billing_reason === 'subscription_create'
        )
          return [];
        const line = (((object.lines as Loose | undefined)?.data as Loose[] | undefined) ?? [])[0];
        const period = (line?.period as Loose | undefined) ?? {};
        return [
          {
            ...common,
            type: event.type,
            subscriptionId,
            periodStart: ms(period.start),
            periodEnd: ms(period.end),
          },
        ];
      }
      default:
        return [];
    }
  }

  return {
    name: 'stripe',
    payProvider: PayProvider.Card,
    label: 'Card',
    labelKey: 'billing.provider.card',
    test: config.secretKey.startsWith('sk_test_'),

    async checkout(request: CheckoutRequest) {
      const session = await call((stripe) =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          client_reference_id: request.userId,
          ...(request.customerId
            ? { customer: request.customerId }
            : request.email
              ? { customer_email: request.email }
              : {}),
          line_items: [{ price: request.providerProductId, quantity: 1 }],
          // Stripe wants absolute addresses; Parley hands it paths on its own origin.
          success_url: new URL(request.successUrl, request.origin).toString(),
          cancel_url: new URL(request.cancelUrl, request.origin).toString(),
          subscription_data: {
            metadata: {
              userId: request.userId,
              ...(request.discount ? { activity: request.discount.activity } : {}),
            },
            ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
          },
          ...(request.discount ? { discounts: [{ coupon: request.discount.code }] } : {}),
          metadata: { userId: request.userId },
        }),
      );
      if (!session.url) throw new ProviderError('no checkout url');
      return { url: session.url, sessionId: session.id };
    },

    async expireCheckout(sessionId) {
      await call((stripe) => stripe.checkout.sessions.expire(sessionId));
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await call((stripe) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async applyDiscount(subscriptionId, discount: DiscountRequest) {
      await call((stripe) =>
        stripe.subscriptions.update(subscriptionId, {
          discounts: [{ coupon: discount.code }],
          cancel_at_period_end: false,
          metadata: { activity: discount.activity },
        }),
      );
    },

    async upgrade(subscriptionId, _product, providerProductId): Promise<UpgradeResult> {
      const sub = await call((stripe) => stripe.subscriptions.retrieve(subscriptionId));
      const item = sub.items.data[0];
      if (!item) throw new ProviderError('subscription without items');
      const updated = (await call((stripe) =>
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: providerProductId }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
          expand: ['latest_invoice.payment_intent'],
        }),
      )) as unknown as Loose;
      const invoice = (updated.latest_invoice as Loose | undefined) ?? {};
      const intent = invoice.payment_intent as Loose | undefined;
      if (intent && intent.status === 'requires_action') {
        const next = intent.next_action as Loose | undefined;
        const redirect = (next?.redirect_to_url as Loose | undefined)?.url;
        const confirmUrl = typeof redirect === 'string' ? redirect : String(invoice.hosted_invoice_url ?? '');
        return { action: 1, confirmUrl, confirmId: String(intent.id) };
      }
      if (intent && intent.status !== 'succeeded') throw new ProviderError(`payment ${intent.status}`);
      return { action: 0, confirmUrl: null, confirmId: intent ? String(intent.id) : null };
    },

    async confirmStatus(confirmId, userId): Promise<ConfirmStatus | null> {
      if (!confirmId.startsWith('pi_')) return null;
      const intent = await call((stripe) => stripe.paymentIntents.retrieve(confirmId));
      const customer = str(intent.customer);
      if (!customer || !(await deps.customerOwnedBy(customer, userId))) return null;
      return (CONFIRM_STATUSES as readonly string[]).includes(intent.status)
        ? (intent.status as ConfirmStatus)
        : null;
    },

    async portalUrl(customerId, returnUrl) {
      const session = await call((stripe) =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    async verifyWebhook(rawBody, headers) {
      const { stripe } = await load();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers['stripe-signature'] ?? '',
          config.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return translate(event);
    },
  };
}
