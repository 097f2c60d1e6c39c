// One small interface for every payment provider; the billing service never talks to a provider otherwise.
// A provider only *requests* changes: Parley's subscription state moves when the provider's signed event
// about the change arrives at the webhook (see services/billing/subscription-state.ts).
import type { ConfirmStatus, PayProviderId, UpgradeResult } from '../../../common/contract/index.js';
import type { BillingMessageKey } from '../../messages/billing.js';
import type { BillingEvent } from './events.js';

export interface CatalogueProduct {
  id: string;
  membershipId: number;
  price: number;
  currency: string;
  period: string;
  productType: string;
}

export interface CheckoutRequest {
  userId: string;
  email: string | null;
  customerId: string | null;
  product: CatalogueProduct;
  providerProductId: string;
  trialDays: number;
  discount: { code: string; percent: number; durationMonths: number; activity: string } | null;
  successUrl: string;
  cancelUrl: string;
  /** The app's origin, for providers that need absolute return addresses. */
  origin: string;
}

/** A checkout opened at the provider: the page to send the browser to and the provider's id for it. */
export interface CheckoutSession {
  url: string;
  sessionId: string;
}

export interface DiscountRequest {
  code: string;
  percent: number;
  durationMonths: number;
  activity: string;
}

export interface PaymentProvider {
  /** The webhook path segment and the `provider` column. */
  readonly name: 'testpay' | 'testwallet' | 'stripe' | 'fastspring' | 'wallet';
  readonly payProvider: PayProviderId;
  readonly label: string;
  /** The label in the caller's language (server messages); brand names (PayPal, FastSpring) have none. */
  readonly labelKey?: BillingMessageKey;
  readonly test: boolean;
  /** False: the provider takes no coupons (no marketing discount at checkout, no retention or student offer). */
  readonly coupons?: boolean;
  /** True: a cancellation ends the subscription at the provider at once and nothing arrives at the period end,
   * so Parley itself ends the plan when the paid time is over (see BillingService.endCancelled). */
  readonly endsAtCancellation?: boolean;
  /** A hosted checkout page to send the browser to. */
  checkout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Closes an unpaid checkout so it can no longer be paid (a newer one replaced it). Providers that cannot
   * leave it out; a payment on it then arrives as a second subscription. */
  expireCheckout?(sessionId: string): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  applyDiscount(subscriptionId: string, discount: DiscountRequest): Promise<void>;
  upgrade(
    subscriptionId: string,
    product: CatalogueProduct,
    providerProductId: string,
    returnUrl: string,
  ): Promise<UpgradeResult>;
  /** The 3-D Secure outcome of an upgrade payment; null when it is not this user's. */
  confirmStatus(confirmId: string, userId: string): Promise<ConfirmStatus | null>;
  /** `language` is the caller's, for providers whose pages can speak it. */
  portalUrl(customerId: string, returnUrl: string, language?: string): Promise<string>;
  /** Verifies the signature and translates the body; throws WebhookSignatureError when it does not verify. */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): Promise<BillingEvent[]>;
}

export class WebhookSignatureError extends Error {}
export class ProviderError extends Error {}
