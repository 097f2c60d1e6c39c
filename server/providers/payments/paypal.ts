// PayPal subscriptions as the wallet provider (PAYPAL_CLIENT_ID/SECRET/WEBHOOK_ID, PAYPAL_API_BASE) over
// PayPal's REST API with plain fetch: an OAuth2 client-credentials token (cached until it expires), the
// Subscriptions API (create -> the buyer approves on PayPal, cancel, revise for upgrades) and webhooks that
// PayPal itself verifies (verify-webhook-signature), translated into Parley's billing events.
import { type ConfirmStatus, PayProvider, type UpgradeResult } from '../../../common/contract/index.js';
import type { BillingEvent } from './events.js';
import {
  type CatalogueProduct,
  type CheckoutRequest,
  type PaymentProvider,
  ProviderError,
  WebhookSignatureError,
} from './provider.js';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** https://api-m.paypal.com, or https://api-m.sandbox.paypal.com for the sandbox. */
  apiBase: string;
}

type Loose = Record<string, unknown>;
/** A token is renewed this long before PayPal says it expires (clock skew, slow calls). */
const TOKEN_MARGIN_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

const time = (value: unknown) => {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
};
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

function withParams(url: string, params: Record<string, string>) {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

function approveLink(answer: Loose): string {
  const links = Array.isArray(answer.links) ? (answer.links as Loose[]) : [];
  const approve = links.find((l) => l.rel === 'approve');
  if (typeof approve?.href !== 'string') throw new ProviderError('PayPal gave no approve link');
  return approve.href;
}

export function createPayPalProvider(
  config: PayPalConfig,
  deps: { productByPlan(planId: string): Promise<CatalogueProduct | null>; brandName?: string },
): PaymentProvider {
  const sandbox = config.apiBase.includes('sandbox');
  let token: { value: string; expiresAt: number } | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${config.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      throw new ProviderError(`PayPal unreachable: ${(error as Error).message}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const response = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new ProviderError(`PayPal token refused: ${response.status}`);
    const answer = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new ProviderError('PayPal gave no access token');
    token = {
      value: answer.access_token,
      expiresAt: Date.now() + Number(answer.expires_in ?? 0) * 1000 - TOKEN_MARGIN_MS,
    };
    return token.value;
  }

  async function api(method: string, path: string, body?: unknown, retried = false): Promise<Loose> {
    const response = await send(path, {
      method,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        // Repeating a create with the same id cannot make a second subscription.
        ...(method === 'POST' ? { 'PayPal-Request-Id': crypto.randomUUID() } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A token PayPal revoked early: fetch a new one once.
    if (response.status === 401 && !retried) {
      token = null;
      return api(method, path, body, true);
    }
    if (!response.ok) throw new ProviderError(`PayPal answered ${response.status} to ${method} ${path}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as Loose) : {};
  }

  const subscription = (id: string) => api('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);

  /** A subscription resource as the fields Parley folds. */
  async function subscriptionFields(sub: Loose, at: number): Promise<Partial<BillingEvent>> {
    const planId = typeof sub.plan_id === 'string' ? sub.plan_id : '';
    const product = planId ? await deps.productByPlan(planId) : null;
    const billing = obj(sub.billing_info);
    const cycles = Array.isArray(billing.cycle_executions) ? (billing.cycle_executions as Loose[]) : [];
    const start = time(sub.start_time) ?? at;
    // A trial is either a plan's TRIAL cycle still running, or (as Parley asks for it) a first charge
    // deferred by start_time.
    const trial =
      cycles.some((c) => c.tenure_type === 'TRIAL' && Number(c.cycles_remaining ?? 0) > 0) ||
      (obj(billing.last_payment).time === undefined && start > at + DAY_MS / 2);
    const lastPaid = time(obj(billing.last_payment).time);
    return {
      subscriptionId: String(sub.id),
      userId: typeof sub.custom_id === 'string' ? sub.custom_id : undefined,
      customerId: (obj(sub.subscriber).payer_id as string | undefined) ?? undefined,
      membershipId: product?.membershipId,
      productId: product?.id,
      price: product?.price,
      currency: product?.currency,
      interval: product ? (product.period as 'month' | 'year') : undefined,
      trial,
      periodStart: trial ? Math.min(start, at) : (lastPaid ?? start),
      periodEnd: time(billing.next_billing_time) ?? (trial ? start : undefined),
    };
  }

  async function translate(event: Loose): Promise<BillingEvent[]> {
    const resource = obj(event.resource);
    const at = time(event.create_time) ?? Date.now();
    const common = { id: String(event.id), occurredAt: at };
    const subscriptionId = String(resource.id ?? '');
    switch (event.event_type) {
      case 'BILLING.SUBSCRIPTION.ACTIVATED':
        return [
          {
            ...common,
            ...(await subscriptionFields(resource, at)),
            type: 'subscription.created',
          } as BillingEvent,
        ];
      case 'BILLING.SUBSCRIPTION.UPDATED': {
        // A revised plan (an approved upgrade) changes what the subscription grants.
        const {
          userId: _u,
          trial: _t,
          periodStart: _s,
          periodEnd: _e,
          ...fields
        } = await subscriptionFields(resource, at);
        return [{ ...common, ...fields, type: 'subscription.updated' } as BillingEvent];
      }
      case 'PAYMENT.SALE.COMPLETED': {
        const id = typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : '';
        if (!id) return [];
        // The sale names no period: the subscription says until when this payment covers.
        const fields = await subscriptionFields(await subscription(id), at);
        return [
          {
            ...common,
            type: 'invoice.paid',
            subscriptionId: id,
            membershipId: fields.membershipId,
            productId: fields.productId,
            price: fields.price,
            interval: fields.interval,
            periodStart: time(resource.create_time) ?? at,
            periodEnd: fields.periodEnd,
          },
        ];
      }
      case 'BILLING.SUBSCRIPTION.CANCELLED':
        // PayPal stops billing at once; the time already paid for still belongs to the member.
        return [{ ...common, type: 'subscription.updated', subscriptionId, cancelAtPeriodEnd: true }];
      case 'BILLING.SUBSCRIPTION.SUSPENDED':
      case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
        return [{ ...common, type: 'invoice.payment_failed', subscriptionId }];
      case 'BILLING.SUBSCRIPTION.EXPIRED':
        return [{ ...common, type: 'subscription.deleted', subscriptionId }];
      default:
        return [];
    }
  }

  function applicationContext(returnUrl: string, cancelUrl: string) {
    return {
      brand_name: deps.brandName ?? 'Parley',
      shipping_preference: 'NO_SHIPPING',
      user_action: 'SUBSCRIBE_NOW',
      return_url: returnUrl,
      cancel_url: cancelUrl,
    };
  }

  return {
    name: 'wallet',
    payProvider: PayProvider.Wallet,
    label: sandbox ? 'PayPal (sandbox)' : 'PayPal',
    labelKey: sandbox ? 'billing.provider.paypalSandbox' : undefined,
    test: sandbox,
    coupons: false,
    endsAtCancellation: true,

    async checkout(request: CheckoutRequest) {
      const created = await api('POST', '/v1/billing/subscriptions', {
        plan_id: request.providerProductId,
        custom_id: request.userId,
        // The trial: the first charge waits until the free days are over.
        ...(request.trialDays > 0
          ? { start_time: new Date(Date.now() + request.trialDays * DAY_MS).toISOString() }
          : {}),
        ...(request.email ? { subscriber: { email_address: request.email } } : {}),
        application_context: applicationContext(
          new URL(request.successUrl, request.origin).toString(),
          new URL(request.cancelUrl, request.origin).toString(),
        ),
      });
      return { url: approveLink(created), sessionId: String(created.id ?? '') };
    },

    async cancelAtPeriodEnd(subscriptionId) {
      await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        reason: 'Cancelled by the subscriber in Parley',
      });
    },

    async applyDiscount() {
      throw new ProviderError('PayPal subscriptions take no coupons');
    },

    async upgrade(subscriptionId, _product, planId, returnUrl): Promise<UpgradeResult> {
      // The buyer approves the new plan on PayPal, then comes back to have the outcome checked.
      const back = withParams(returnUrl, { from: 'paymentConfirm', confirmId: subscriptionId });
      const revised = await api(
        'POST',
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/revise`,
        { plan_id: planId, application_context: applicationContext(back, returnUrl) },
      );
      return { action: 1, confirmUrl: approveLink(revised), confirmId: subscriptionId };
    },

    async confirmStatus(confirmId, userId): Promise<ConfirmStatus | null> {
      // PayPal subscription ids look like I-XXXXXXXXXXXX; anything else belongs to another provider.
      if (!/^I-[A-Z0-9]+$/.test(confirmId)) return null;
      const sub = await subscription(confirmId);
      if (sub.custom_id !== userId) return null;
      if (sub.status !== 'ACTIVE') return 'canceled';
      const product = typeof sub.plan_id === 'string' ? await deps.productByPlan(sub.plan_id) : null;
      // The subscriber event with the new plan is what moves Parley; until it is there, it is processing.
      return product ? 'succeeded' : 'processing';
    },

    async portalUrl() {
      // PayPal has no per-merchant portal: buyers manage automatic payments in their own account.
      return sandbox
        ? 'https://www.sandbox.paypal.com/myaccount/autopay/'
        : 'https://www.paypal.com/myaccount/autopay/';
    },

    async verifyWebhook(rawBody, headers) {
      const event = JSON.parse(rawBody) as Loose;
      const transmission = Object.fromEntries(
        Object.entries(TRANSMISSION_HEADERS).map(([field, header]) => [field, headers[header]]),
      );
      if (Object.values(transmission).some((v) => !v)) throw new WebhookSignatureError('no PayPal headers');
      const answer = await api('POST', '/v1/notifications/verify-webhook-signature', {
        ...transmission,
        webhook_id: config.webhookId,
        webhook_event: event,
      });
      if (answer.verification_status !== 'SUCCESS')
        throw new WebhookSignatureError(`PayPal says ${String(answer.verification_status)}`);
      return translate(event);
    },
  };
}
