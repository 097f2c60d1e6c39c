// FastSpring as the merchant-of-record provider (FASTSPRING_USERNAME/PASSWORD/STOREFRONT/WEBHOOK_SECRET):
// checkout sessions on the storefront, subscription changes through its REST API over plain HTTP, and
// webhooks verified by HMAC-SHA256 (X-FS-Signature, base64 over the raw body).
import crypto from 'node:crypto';
import {
  type ConfirmStatus,
  currencyDecimals,
  PayProvider,
  type UpgradeResult,
} from '../../../common/contract/index.js';
import type { BillingEvent } from './events.js';
import {
  type CatalogueProduct,
  type CheckoutRequest,
  type PaymentProvider,
  ProviderError,
  WebhookSignatureError,
} from './provider.js';

export interface FastSpringConfig {
  username: string;
  password: string;
  /** e.g. parley.test.onfastspring.com */
  storefront: string;
  webhookSecret: string;
  apiBase: string;
}

type Loose = Record<string, unknown>;
const FS_SIGNATURE = 'x-fs-signature';

export function signFastSpring(secret: string, body: string) {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

export function createFastSpringProvider(
  config: FastSpringConfig,
  deps: { productByPath(path: string): Promise<CatalogueProduct | null> },
): PaymentProvider & { createSession(request: CheckoutRequest): Promise<{ id: string; url: string }> } {
  const auth = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}${path}`, {
        method,
        headers: { Authorization: auth, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new ProviderError(`FastSpring unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ProviderError(`FastSpring answered ${response.status}`);
    return (await response.json()) as T;
  }

  async function fields(data: Loose): Promise<Partial<BillingEvent>> {
    const path =
      typeof data.product === 'string'
        ? data.product
        : String((data.product as Loose | undefined)?.product ?? '');
    const product = await deps.productByPath(path);
    const tags = (data.tags as Record<string, string> | undefined) ?? {};
    const account =
      typeof data.account === 'string' ? data.account : String((data.account as Loose | undefined)?.id ?? '');
    const discount = Array.isArray(data.discounts) ? (data.discounts[0] as Loose | undefined) : undefined;
    // FastSpring states prices in the currency's major unit (9.99); the catalogue counts minor units (999).
    const currency = typeof data.currency === 'string' ? data.currency.toUpperCase() : null;
    const quantity = typeof data.quantity === 'number' ? data.quantity : 1;
    // The coupon codes, when the event lists them; a discount without them is left unchecked (undefined).
    const coupon = Array.isArray(data.coupons)
      ? typeof data.coupons[0] === 'string'
        ? data.coupons[0]
        : null
      : discount
        ? undefined
        : null;
    return {
      subscriptionId: String(data.id ?? data.subscription),
      userId: tags.userId,
      customerId: account || undefined,
      membershipId: product?.membershipId,
      productId: product?.id,
      price: product?.price,
      currency: product?.currency,
      interval: product ? (product.period as 'month' | 'year') : undefined,
      trial: data.state === 'trial',
      periodStart: typeof data.begin === 'number' ? data.begin : undefined,
      periodEnd: typeof data.next === 'number' ? data.next : undefined,
      cancelAtPeriodEnd: data.state === 'canceled',
      ...(discount
        ? { discountPercent: Number(discount.percent ?? 0), discountDuration: Number(discount.periods ?? 0) }
        : {}),
      activity: tags.activity ?? undefined,
      charged: {
        amount:
          typeof data.price === 'number' && currency
            ? Math.round(data.price * quantity * 10 ** currencyDecimals(currency))
            : null,
        currency,
        coupon,
      },
    };
  }

  async function translate(event: Loose): Promise<BillingEvent[]> {
    const data = (event.data as Loose | undefined) ?? {};
    const common = { id: String(event.id), occurredAt: Number(event.created) };
    const f = await fields(data);
    switch (event.type) {
      case 'subscription.activated':
        return [
          { ...common, ...f, type: 'subscription.created' } as BillingEvent,
          ...(f.trial
            ? []
            : [
                {
                  ...common,
                  type: 'invoice.paid',
                  subscriptionId: f.subscriptionId,
                  periodStart: f.periodStart,
                  periodEnd: f.periodEnd,
                } as BillingEvent,
              ]),
        ];
      case 'subscription.charge.completed':
        return [
          {
            ...common,
            type: 'invoice.paid',
            subscriptionId: f.subscriptionId,
            periodStart: f.periodStart,
            periodEnd: f.periodEnd,
          } as BillingEvent,
        ];
      case 'subscription.charge.failed':
        return [
          { ...common, type: 'invoice.payment_failed', subscriptionId: f.subscriptionId } as BillingEvent,
        ];
      case 'subscription.updated':
      case 'subscription.canceled':
      case 'subscription.uncanceled': {
        const { userId: _u, trial: _t, periodStart: _s, periodEnd: _e, ...rest } = f;
        return [{ ...common, ...rest, type: 'subscription.updated' } as BillingEvent];
      }
      case 'subscription.deactivated':
        return [
          { ...common, type: 'subscription.deleted', subscriptionId: f.subscriptionId } as BillingEvent,
        ];
      default:
        return [];
    }
  }

  async function createSession(request: CheckoutRequest) {
    const session = await api<{ id: string }>('POST', '/sessions', {
      ...(request.customerId ? { account: request.customerId } : {}),
      items: [{ product: request.providerProductId, quantity: 1 }],
      tags: { userId: request.userId },
      ...(request.discount ? { coupon: request.discount.code } : {}),
    });
    return { id: session.id, url: `https://${config.storefront}/session/${session.id}` };
  }

  return {
    name: 'fastspring',
    payProvider: PayProvider.MerchantOfRecord,
    label: 'FastSpring',
    test: config.storefront.includes('.test.'),
    createSession,

    async checkout(request) {
      const session = await createSession(request);
      return { url: session.url, sessionId: session.id };
    },
    async cancelAtPeriodEnd(subscriptionId) {
      await api('DELETE', `/subscriptions/${encodeURIComponent(subscriptionId)}?billingPeriod=1`);
    },
    async applyDiscount(subscriptionId, discount) {
      await api('POST', '/subscriptions', {
        subscriptions: [{ subscription: subscriptionId, coupons: [discount.code] }],
      });
      await api('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/uncancel`).catch(
        () => undefined,
      );
    },
    async upgrade(subscriptionId, _product, providerProductId): Promise<UpgradeResult> {
      await api('POST', '/subscriptions', {
        subscriptions: [
          { subscription: subscriptionId, product: providerProductId, quantity: 1, prorate: true },
        ],
      });
      return { action: 0, confirmUrl: null, confirmId: null };
    },
    async confirmStatus(): Promise<ConfirmStatus | null> {
      return null;
    },
    async portalUrl(customerId) {
      const answer = await api<{ accounts?: { url?: string }[] }>(
        'GET',
        `/accounts/${encodeURIComponent(customerId)}/authenticate`,
      );
      const url = answer.accounts?.[0]?.url;
      if (!url) throw new ProviderError('no portal url');
      return url;
    },
    async verifyWebhook(rawBody, headers) {
      const given = Buffer.from(headers[FS_SIGNATURE] ?? '', 'base64');
      const expected = Buffer.from(signFastSpring(config.webhookSecret, rawBody), 'base64');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
        throw new WebhookSignatureError('bad signature');
      const body = JSON.parse(rawBody) as { events?: Loose[] };
      const events: BillingEvent[] = [];
      for (const event of body.events ?? []) events.push(...(await translate(event)));
      return events;
    },
  };
}
