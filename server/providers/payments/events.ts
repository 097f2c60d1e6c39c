// The events every payment provider turns its webhooks into: the provider interface owns them, and the
// subscription state in services/billing folds them.

export const EVENT_TYPES = [
  'subscription.created',
  'invoice.paid',
  'invoice.payment_failed',
  'subscription.updated',
  'subscription.deleted',
] as const;
export type BillingEventType = (typeof EVENT_TYPES)[number];

/** A provider event after verification, in Parley's own terms. Times are epoch milliseconds. */
export interface BillingEvent {
  id: string;
  type: BillingEventType;
  subscriptionId: string;
  occurredAt: number;
  userId?: string;
  customerId?: string;
  membershipId?: number;
  productId?: string;
  price?: number;
  currency?: string;
  interval?: 'month' | 'year';
  trial?: boolean;
  periodStart?: number;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  discountPercent?: number;
  discountDuration?: number;
  activity?: string | null;
  /**
   * What the provider itself bills for the plan each period before any coupon (minor units; amount or currency
   * null when it did not say) and the coupon it applies (null: none; undefined: a discount whose coupon the event
   * does not name, left unchecked rather than refused). Providers whose prices are Parley's own catalogue (the
   * test provider) leave it out; for the others the billing service checks it against the catalogue.
   */
  charged?: { amount: number | null; currency: string | null; coupon?: string | null };
  /** Set by the billing service, never by a provider: the provider's price, currency or coupon is not the
   * catalogue's, so the subscription grants no plan. */
  priceMismatch?: boolean;
}
