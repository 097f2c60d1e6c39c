import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../common/contract';
import { users } from '../../server/db/schema';
import type { TestpayEvent } from '../../server/providers/payments/testpay';
import { billingDetail, loginMember, me, payWithCard, postWebhook } from '../helpers/billing';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

/** A small seeded generator, so a failing ordering can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
function shuffle<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Numbered events of one subscription: `e(n, type, created, data)`. */
const eventOf =
  (subscriptionId: string) =>
  (n: number, type: TestpayEvent['type'], created: number, data: Partial<TestpayEvent['data']> = {}) => ({
    id: `${subscriptionId}-evt-${n}`,
    type,
    created,
    data: { subscriptionId, ...data },
  });

/** A year of one subscription: trial, converted, renewed after a failed payment, cancel undone, upgraded. */
function lifeOf(subscriptionId: string, userId: string, now: number, ended: boolean): TestpayEvent[] {
  const t0 = now - YEAR - 30 * DAY;
  const t1 = t0 + 7 * DAY;
  const t2 = t1 + YEAR;
  const e = eventOf(subscriptionId);
  const events: TestpayEvent[] = [
    e(0, 'subscription.created', t0, {
      userId,
      customerId: `cus-${userId}`,
      membershipId: 3,
      productId: 'pro-year-g0',
      price: 10070,
      interval: 'year',
      trial: true,
      periodStart: t0,
      periodEnd: t1,
    }),
    e(1, 'invoice.paid', t1, { periodStart: t1, periodEnd: t2 }),
    e(2, 'invoice.payment_failed', t2),
    e(3, 'invoice.paid', t2 + 3600_000, { periodStart: t2, periodEnd: t2 + YEAR }),
    e(4, 'subscription.updated', t2 + DAY, { cancelAtPeriodEnd: true }),
    e(5, 'subscription.updated', t2 + 2 * DAY, { cancelAtPeriodEnd: false }),
    e(6, 'subscription.updated', t2 + 3 * DAY, {
      membershipId: 5,
      productId: 'unlimited-year-g0',
      price: 20150,
    }),
  ];
  if (ended) events.push(e(7, 'subscription.deleted', t2 + 4 * DAY));
  return events;
}

type PastDueEnd = 'in grace' | 'last retry failed' | 'retry paid';

/** Monthly Pro whose renewal ten days ago failed, then retries: still in grace, ended, or paid. */
function pastDueLifeOf(subscriptionId: string, userId: string, now: number, end: PastDueEnd) {
  const t0 = now - 40 * DAY;
  const t1 = t0 + 30 * DAY;
  const e = eventOf(subscriptionId);
  const events: TestpayEvent[] = [
    e(0, 'subscription.created', t0, {
      userId,
      customerId: `cus-${userId}`,
      membershipId: 1,
      productId: 'pro-month-g0',
      price: 999,
      interval: 'month',
      periodStart: t0,
      periodEnd: t1,
    }),
    e(1, 'invoice.paid', t0, { periodStart: t0, periodEnd: t1 }),
    e(2, 'invoice.payment_failed', t1),
    e(3, 'invoice.payment_failed', t1 + 3 * DAY),
  ];
  if (end === 'last retry failed')
    events.push(
      e(4, 'invoice.payment_failed', t1 + 5 * DAY),
      e(5, 'invoice.payment_failed', t1 + 7 * DAY),
      e(6, 'subscription.deleted', t1 + 7 * DAY),
    );
  if (end === 'retry paid')
    events.push(e(4, 'invoice.paid', t1 + 5 * DAY, { periodStart: t1, periodEnd: t1 + 30 * DAY }));
  return { events, paidUntil: t1 };
}

describe.each(DATABASES)('provider webhooks on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  /** A logged-in member made directly in the database: hundreds of them would be slow through mail. */
  async function quickMember(): Promise<{ userId: string; token: string }> {
    const userId = `u-${Math.random().toString(36).slice(2)}`;
    await server.services.db
      .insert(users)
      .values({ id: userId, kind: 'member', email: `${userId}@example.com` });
    return { userId, token: await server.services.sessions.issue(userId) };
  }

  it('a webhook with a bad signature changes nothing; the same body signed right does', async () => {
    const { userId, token } = await quickMember();
    const [created] = lifeOf('sub-sig', userId, Date.now() + YEAR + 29 * DAY, false);
    const forged = await postWebhook(server, created, { secret: 'not-the-secret' });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('The event signature could not be verified.');
    const stale = await postWebhook(server, created, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    expect(await me(server, token)).toMatchObject({ isPro: false, membershipId: 0 });
    expect((await billingDetail(server, token)).data).toBeNull();

    expect((await postWebhook(server, created)).status).toBe(200);
    expect(await me(server, token)).toMatchObject({ isTrial: true, membershipId: 2 });
  });

  it('a signed event naming a subscription of another user is ignored: the id stays with its first buyer', async () => {
    const owner = await quickMember();
    const thief = await quickMember();
    const events = lifeOf('sub-owned', owner.userId, Date.now() + YEAR + 29 * DAY, false);
    expect((await postWebhook(server, events[0])).status).toBe(200);
    expect(await me(server, owner.token)).toMatchObject({ isTrial: true, membershipId: 2 });
    // Validly signed, earlier than the real one, naming the same subscription for the second user.
    const claim = {
      ...events[0],
      id: 'sub-owned-claim',
      created: events[0].created - DAY,
      data: { ...events[0].data, userId: thief.userId, customerId: `cus-${thief.userId}` },
    };
    expect((await postWebhook(server, claim)).status).toBe(200);
    expect(await me(server, thief.token)).toMatchObject({ isPro: false, membershipId: 0 });
    expect((await billingDetail(server, thief.token)).data).toBeNull();
    expect(await me(server, owner.token)).toMatchObject({ isTrial: true, membershipId: 2 });
  });

  it('the same webhook twice counts once', async () => {
    const { userId, token } = await quickMember();
    const events = lifeOf('sub-twice', userId, Date.now(), false);
    for (const event of events.slice(0, 2)) {
      expect((await postWebhook(server, event)).status).toBe(200);
      expect((await postWebhook(server, event)).status).toBe(200);
    }
    const after = await me(server, token);
    // Trial converted; the paid period ran out long ago, so the user is back on Free.
    expect(after.membershipId).toBe(0);
    for (const event of events.slice(2)) {
      await postWebhook(server, event);
      await postWebhook(server, event);
    }
    const detail = (await billingDetail(server, token)).data!;
    expect(detail).toMatchObject({
      membershipId: 5,
      canceled: false,
      price: 20150,
      subscriptionInterval: 'Year',
    });
    expect(new Date(detail.currentPeriodEnd).getTime()).toBe(events[3].data.periodEnd);
  });

  it('200 random orderings (with repeats) of a subscription’s events end in the same membership', async () => {
    const next = random(kind === 'pglite' ? 42 : 7);
    const now = Date.now();
    for (let round = 0; round < 200; round++) {
      const { userId, token } = await quickMember();
      const ended = round % 4 === 3;
      const events = lifeOf(`sub-${kind}-${round}`, userId, now, ended);
      const repeats = events.filter(() => next() < 0.2);
      for (const event of shuffle([...events, ...repeats], next)) {
        const { status } = await postWebhook(server, event);
        expect(status).toBe(200);
      }
      const user = await me(server, token);
      if (ended) {
        expect(user, `ordering ${round}`).toMatchObject({ membershipId: 0, isPro: false });
      } else {
        expect(user, `ordering ${round}`).toMatchObject({
          membershipId: 5,
          isUnlimited: true,
          isTrial: false,
        });
        expect(new Date(user.membershipExpDate!).getTime()).toBe(events[3].data.periodEnd);
      }
    }
  }, 240_000);

  it('a failed renewal in any order: past due stays paid in its grace, ends Free after the last retry, is active after a paid retry', async () => {
    const next = random(kind === 'pglite' ? 3 : 11);
    const now = Date.now();
    const ends: PastDueEnd[] = ['in grace', 'last retry failed', 'retry paid'];
    for (let round = 0; round < 60; round++) {
      const { userId, token } = await quickMember();
      const end = ends[round % 3];
      const { events, paidUntil } = pastDueLifeOf(`pd-${kind}-${round}`, userId, now, end);
      const repeats = events.filter(() => next() < 0.2);
      for (const event of shuffle([...events, ...repeats], next))
        expect((await postWebhook(server, event)).status).toBe(200);
      const [user, detail] = [await me(server, token), (await billingDetail(server, token)).data];
      const label = `${end}, ordering ${round}`;
      if (end === 'last retry failed') {
        expect(user, label).toMatchObject({ membershipId: 0, isPro: false });
        expect(detail, label).toBeNull();
      } else if (end === 'in grace') {
        // The paid month ended ten days ago; the default 14-day grace keeps Pro while the provider retries.
        expect(user, label).toMatchObject({ membershipId: 1, isPro: true });
        expect(new Date(user.membershipExpDate!).getTime(), label).toBe(paidUntil + 14 * DAY);
        expect(detail, label).toMatchObject({ pastDue: true });
      } else {
        expect(user, label).toMatchObject({ membershipId: 1, isPro: true });
        expect(new Date(user.membershipExpDate!).getTime(), label).toBe(paidUntil + 30 * DAY);
        expect(detail, label).toMatchObject({ pastDue: false });
      }
    }
  }, 240_000);

  it('webhooks the provider could not deliver are delivered after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-billing-restart-'));
    const first = await startTestServer(kind, { dataDir });
    const databaseUrl = first.services.config.databaseUrl;
    const token = await loginMember(first, 'restart@example.com');
    // Parley is unreachable for the provider: the payment succeeds, the webhook waits in the outbox.
    first.services.billing.setSelfUrl('http://127.0.0.1:9');
    const paid = await payWithCard(first, token, {
      productId: 'unlimited-month-g0',
      card: TEST_CARDS.succeeds,
    });
    expect(paid.status).toBe(303);
    expect((await me(first, token)).isPro).toBe(false);
    await first.close();

    const second = await startTestServer(kind, { dataDir, databaseUrl });
    try {
      const deadline = Date.now() + 10_000;
      while (!(await me(second, token)).isUnlimited && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await me(second, token)).toMatchObject({ isUnlimited: true, membershipId: 4 });
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
