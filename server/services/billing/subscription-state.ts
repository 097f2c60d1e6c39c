// The subscription state machine, event-sourced: a subscription is the fold of its verified provider
// events in the order they happened at the provider (not the order they arrived), so a late older event
// never undoes a newer state and the same event twice counts once (events are stored by id).
//   trialing (7 days) -> active -> renewed (invoice.paid) / past_due (payment failed)
//   past_due -> active (a retry paid) / expired (deleted after the provider's last failed retry)
//   active -> cancel at period end (updated) -> expired (deleted) -> the user is back on Free.
import { MembershipId } from '../../../common/contract/index.js';

import { type BillingEvent, type BillingEventType, EVENT_TYPES } from '../../providers/payments/events.js';

export { type BillingEvent, type BillingEventType, EVENT_TYPES } from '../../providers/payments/events.js';

export interface SubscriptionState {
  subscriptionId: string;
  userId: string;
  customerId: string | null;
  status: 'trialing' | 'active' | 'past_due' | 'expired';
  membershipId: number;
  productId: string | null;
  price: number;
  currency: string;
  interval: 'month' | 'year';
  trial: boolean;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  discountPercent: number;
  discountDuration: number;
  activity: string | null;
  /** The provider bills a price, currency or coupon the catalogue does not have: no plan is granted. */
  priceMismatch: boolean;
}

/** Same-instant events still need one order: the order they are caused in at a provider. */
const TYPE_RANK: Record<BillingEventType, number> = {
  'subscription.created': 0,
  'invoice.paid': 1,
  'invoice.payment_failed': 2,
  'subscription.updated': 3,
  'subscription.deleted': 4,
};

export function compareEvents(a: BillingEvent, b: BillingEvent): number {
  return (
    a.occurredAt - b.occurredAt ||
    TYPE_RANK[a.type] - TYPE_RANK[b.type] ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function apply(state: SubscriptionState | null, event: BillingEvent): SubscriptionState | null {
  if (event.type === 'subscription.created') {
    if (!event.userId || event.membershipId === undefined) return state;
    const base: SubscriptionState = {
      subscriptionId: event.subscriptionId,
      userId: event.userId,
      customerId: event.customerId ?? null,
      status: event.trial ? 'trialing' : 'active',
      membershipId: event.membershipId,
      productId: event.productId ?? null,
      price: event.price ?? 0,
      currency: event.currency ?? 'USD',
      interval: event.interval ?? 'month',
      trial: event.trial ?? false,
      periodStart: event.periodStart ?? event.occurredAt,
      periodEnd: event.periodEnd ?? event.occurredAt,
      cancelAtPeriodEnd: false,
      discountPercent: 0,
      discountDuration: 0,
      activity: null,
      priceMismatch: event.priceMismatch ?? false,
    };
    return state ?? base;
  }
  // Nothing is known before the subscription exists, and nothing revives an expired one.
  if (!state || state.status === 'expired') return state;
  switch (event.type) {
    case 'invoice.paid':
      return {
        ...state,
        ...patchOf(event, state),
        status: 'active',
        trial: false,
        periodStart: Math.max(state.periodStart, event.periodStart ?? state.periodStart),
        periodEnd: Math.max(state.periodEnd, event.periodEnd ?? state.periodEnd),
      };
    case 'invoice.payment_failed':
      return { ...state, status: 'past_due' };
    case 'subscription.updated':
      return { ...state, ...patchOf(event, state) };
    case 'subscription.deleted':
      return { ...state, status: 'expired', cancelAtPeriodEnd: false };
  }
  return state;
}

/** The fields an event names, over the current state (periods handled by the caller). */
function patchOf(event: Partial<BillingEvent & SubscriptionState>, state: SubscriptionState) {
  return {
    membershipId: event.membershipId ?? state.membershipId,
    productId: event.productId ?? state.productId,
    price: event.price ?? state.price,
    currency: event.currency ?? state.currency,
    interval: event.interval ?? state.interval,
    cancelAtPeriodEnd: event.cancelAtPeriodEnd ?? state.cancelAtPeriodEnd,
    discountPercent: event.discountPercent ?? state.discountPercent,
    discountDuration: event.discountDuration ?? state.discountDuration,
    activity: event.activity === undefined ? state.activity : event.activity,
    priceMismatch: event.priceMismatch ?? state.priceMismatch,
  };
}

export function foldSubscription(events: BillingEvent[]): SubscriptionState | null {
  return [...events].sort(compareEvents).reduce<SubscriptionState | null>(apply, null);
}

/** How long a past-due plan stays paid past its paid period unless the provider ends it sooner. */
export const DEFAULT_PAST_DUE_GRACE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The membership a subscription grants at `now`, or null when it grants none. Past due keeps the plan while
 * the provider retries (its last failed retry ends the subscription); the grace only bounds a lost final event.
 */
export function grantedMembership(
  state: SubscriptionState,
  now: number,
  pastDueGraceMs = DEFAULT_PAST_DUE_GRACE_MS,
): { membershipId: number; expiresAt: number } | null {
  const expiresAt = state.periodEnd + (state.status === 'past_due' ? pastDueGraceMs : 0);
  if (state.status === 'expired' || expiresAt <= now) return null;
  // Paid, but not the catalogue's price for this plan (a misconfigured or tampered provider price or coupon).
  if (state.priceMismatch) return null;
  // A trial whose first charge failed is still only a trial while the provider retries.
  if (state.status === 'trialing' || state.trial) return { membershipId: MembershipId.Trial, expiresAt };
  return { membershipId: state.membershipId, expiresAt };
}

const RANK: Record<number, number> = { 0: 0, 2: 1, 1: 2, 3: 2, 6: 3, 7: 3, 4: 4, 5: 4 };

/** Of several grants, the highest plan wins, then the one lasting longest. */
export function bestGrant(grants: { membershipId: number; expiresAt: number }[]) {
  return (
    grants.sort(
      (a, b) => (RANK[b.membershipId] ?? 0) - (RANK[a.membershipId] ?? 0) || b.expiresAt - a.expiresAt,
    )[0] ?? null
  );
}
