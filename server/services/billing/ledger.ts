// Verified provider events in, subscription state and the user's membership out. Events are stored by
// (provider, event id) before anything else, so a retried or duplicated webhook counts once, and every
// change refolds the subscription from all its stored events (order-independent, restart-safe). A
// subscription id belongs to the user it was first recorded for: an event naming it for another user is
// logged and dropped, whichever provider sent it.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingCustomers, billingEvents, subscriptions, trialsUsed, users } from '../../db/schema.js';
import type { Logger } from '../../logger.js';
import { createKeyedLock } from '../keyed-lock.js';
import {
  type BillingEvent,
  bestGrant,
  DEFAULT_PAST_DUE_GRACE_MS,
  foldSubscription,
  grantedMembership,
} from './subscription-state.js';

export function createLedger(
  db: Database,
  logger: Logger,
  pastDueGraceMs = DEFAULT_PAST_DUE_GRACE_MS,
  /** Other instances may share the database (PostgreSQL): the locks below hold across them. */
  shared = false,
) {
  // One refold at a time per subscription, and one membership update at a time per user (taken inside it).
  const subscriptionLock = createKeyedLock(shared ? { db, name: 'ledger-subscription' } : null);
  const userLock = createKeyedLock(shared ? { db, name: 'ledger-user' } : null);

  /** The user a subscription id was first recorded for (its row, else its stored events), or null. */
  async function ownerOf(provider: string, subscriptionId: string): Promise<string | null> {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, provider), eq(subscriptions.id, subscriptionId)))
      .limit(1);
    if (row) return row.userId;
    const stored = await db
      .select({ payload: billingEvents.payload, receivedAt: billingEvents.receivedAt })
      .from(billingEvents)
      .where(and(eq(billingEvents.provider, provider), eq(billingEvents.subscriptionId, subscriptionId)));
    const named = stored
      .filter((r) => (r.payload as BillingEvent).userId)
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
    return named.length > 0 ? ((named[0].payload as BillingEvent).userId ?? null) : null;
  }

  async function refold(provider: string, subscriptionId: string): Promise<string | null> {
    const rows = await db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.provider, provider), eq(billingEvents.subscriptionId, subscriptionId)));
    const state = foldSubscription(rows.map((r) => r.payload as BillingEvent));
    if (!state) return null;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, state.userId)).limit(1);
    if (!owner) return null;
    const values = {
      provider,
      id: subscriptionId,
      userId: state.userId,
      customerId: state.customerId,
      status: state.status,
      membershipId: state.membershipId,
      productId: state.productId,
      price: state.price,
      currency: state.currency,
      interval: state.interval,
      currentPeriodStart: new Date(state.periodStart),
      currentPeriodEnd: new Date(state.periodEnd),
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      trial: state.trial,
      discountPercent: state.discountPercent,
      discountDuration: state.discountDuration,
      activity: state.activity,
      priceMismatch: state.priceMismatch,
      updatedAt: new Date(),
    };
    await db
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.id], set: values });
    if (state.customerId)
      await db
        .insert(billingCustomers)
        .values({ provider, customerId: state.customerId, userId: state.userId })
        .onConflictDoNothing();
    // A trial, once started, is used up for good (even if it is cancelled the same day).
    if (rows.some((r) => (r.payload as BillingEvent).trial))
      await db.insert(trialsUsed).values({ userId: state.userId }).onConflictDoNothing();
    return state.userId;
  }

  async function syncUser(userId: string, now = Date.now()) {
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const grants = subs
      .map((s) =>
        grantedMembership(
          {
            subscriptionId: s.id,
            userId: s.userId,
            customerId: s.customerId,
            status: s.status,
            membershipId: s.membershipId,
            productId: s.productId,
            price: s.price,
            currency: s.currency,
            interval: s.interval as 'month' | 'year',
            trial: s.trial,
            periodStart: s.currentPeriodStart.getTime(),
            periodEnd: s.currentPeriodEnd.getTime(),
            cancelAtPeriodEnd: s.cancelAtPeriodEnd,
            discountPercent: s.discountPercent,
            discountDuration: s.discountDuration,
            activity: s.activity,
            priceMismatch: s.priceMismatch,
          },
          now,
          pastDueGraceMs,
        ),
      )
      .filter((g): g is NonNullable<typeof g> => g !== null);
    const best = bestGrant(grants);
    await db
      .update(users)
      .set({
        membershipId: best?.membershipId ?? 0,
        membershipExpDate: best ? new Date(best.expiresAt) : null,
      })
      .where(eq(users.id, userId));
  }

  return {
    /** Stores verified events (duplicates ignored) and brings subscriptions and memberships up to date. */
    async ingest(provider: string, events: BillingEvent[]): Promise<void> {
      for (const event of events) {
        // Checked and stored under the subscription's lock, so two claims cannot both pass the check.
        await subscriptionLock(`${provider}:${event.subscriptionId}`, async () => {
          const owner = event.userId ? await ownerOf(provider, event.subscriptionId) : null;
          if (owner && owner !== event.userId) {
            logger.warn(
              {
                provider,
                eventId: event.id,
                subscriptionId: event.subscriptionId,
                owner,
                claimedBy: event.userId,
              },
              'billing event names a subscription of another user: ignored',
            );
            return;
          }
          await db
            .insert(billingEvents)
            .values({
              provider,
              eventId: event.id,
              subscriptionId: event.subscriptionId,
              type: event.type,
              occurredAt: Math.round(event.occurredAt),
              payload: event,
            })
            .onConflictDoNothing();
        });
      }
      // A duplicate still refolds: the first delivery may have crashed before it finished.
      const touched = new Set(events.map((e) => e.subscriptionId));
      for (const subscriptionId of touched) {
        await subscriptionLock(`${provider}:${subscriptionId}`, async () => {
          const userId = await refold(provider, subscriptionId);
          if (userId) await userLock(userId, () => syncUser(userId));
        });
      }
    },
    syncUser,
  };
}
export type Ledger = ReturnType<typeof createLedger>;
