// A plan is granted only when the provider bills the catalogue's price and currency for it (after a coupon this
// server issued): a misconfigured or tampered price or coupon at Stripe or FastSpring cannot buy a plan for less.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { products } from '../../server/db/schema';
import { signFastSpring } from '../../server/providers/payments/fastspring';
import { billingDetail, loginMember, me } from '../helpers/billing';
import { startFakeFastSpring, startFakeStripe, stripeSubscription } from '../helpers/fake-payment-apis';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server';

const WEBHOOK_SECRET = 'whsec_test_parley';
const FS_SECRET = 'fs-hmac-secret';
const stripe = new Stripe('sk_test_unused');

describe.each(DATABASES)('plans bought through Stripe and FastSpring on %s', (kind) => {
  let server: TestServer;
  let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let fakeFs: Awaited<ReturnType<typeof startFakeFastSpring>>;
  let serial = 0;
  beforeAll(async () => {
    fakeStripe = await startFakeStripe();
    fakeFs = await startFakeFastSpring();
    server = await startTestServer(kind, {
      billing: {
        ...loadConfig({}).billing,
        stripe: { secretKey: 'sk_test_parley', webhookSecret: WEBHOOK_SECRET, apiBase: fakeStripe.url },
        fastspring: {
          username: 'user',
          password: 'pass',
          storefront: 'parley.test.onfastspring.com',
          webhookSecret: FS_SECRET,
          apiBase: fakeFs.url,
        },
        productIds: [
          { provider: 0, productId: 'pro-month-g0', providerProductId: 'price_pro_month' },
          // Misconfigured: Unlimited (USD 19.99) mapped to a Stripe price that bills Pro's 9.99.
          { provider: 0, productId: 'unlimited-month-g0', providerProductId: 'price_unlimited_month' },
          { provider: 2, productId: 'pro-month-g0', providerProductId: 'parley-pro-monthly' },
        ],
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await fakeStripe.close();
    await fakeFs.close();
  });

  async function stripeCreated(email: string, price: Record<string, unknown>, fields = {}) {
    const token = await loginMember(server, email);
    const userId = (await me(server, token)).uid;
    await stripeEvent('customer.subscription.created', `sub_price_${++serial}`, userId, price, fields);
    return token;
  }

  async function stripeEvent(
    type: string,
    subscriptionId: string,
    userId: string,
    price: Record<string, unknown>,
    fields = {},
    created = Math.floor(Date.now() / 1000),
  ) {
    const base = stripeSubscription(subscriptionId, { metadata: { userId }, ...fields });
    const item = { ...base.items.data[0], price: { object: 'price', ...price } };
    const payload = JSON.stringify({
      id: `evt_price_${++serial}`,
      object: 'event',
      type,
      created,
      data: { object: { ...base, items: { object: 'list', data: [item] } } },
    });
    const response = await fetch(`${server.url}/api/v1/billing/webhook/stripe`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
  }

  const granted = async (token: string) => {
    const user = await me(server, token);
    return { isPro: user.isPro, membershipId: user.membershipId };
  };
  const attention = async (token: string) => (await billingDetail(server, token)).data?.priceMismatch;

  it('Stripe: the catalogue price grants the plan; a lower price, another currency or a wrongly mapped price do not', async () => {
    const paid = await stripeCreated('price-right@example.com', {
      id: 'price_pro_month',
      unit_amount: 999,
      currency: 'usd',
    });
    expect(await granted(paid)).toEqual({ isPro: true, membershipId: 1 });
    expect(await attention(paid)).toBe(false);

    const cheap = await stripeCreated('price-cheap@example.com', {
      id: 'price_pro_month',
      unit_amount: 99,
      currency: 'usd',
    });
    expect(await granted(cheap)).toEqual({ isPro: false, membershipId: 0 });
    // The billing manager shows the subscription as a payment that needs attention (it can still be cancelled).
    expect(await attention(cheap)).toBe(true);

    const yen = await stripeCreated('price-yen@example.com', {
      id: 'price_pro_month',
      unit_amount: 999,
      currency: 'jpy',
    });
    expect(await granted(yen)).toEqual({ isPro: false, membershipId: 0 });

    const mapped = await stripeCreated('price-mapped@example.com', {
      id: 'price_unlimited_month',
      unit_amount: 999,
      currency: 'usd',
    });
    expect(await granted(mapped)).toEqual({ isPro: false, membershipId: 0 });
    expect(await attention(mapped)).toBe(true);
  });

  it('Stripe: a coupon this server issued grants at its percentage; a coupon made at the provider does not', async () => {
    const price = { id: 'price_pro_month', unit_amount: 999, currency: 'usd' };
    const stay = await stripeCreated('coupon-ours@example.com', price, {
      discount: { coupon: { id: 'STAY30', percent_off: 30, duration_in_months: 3 } },
    });
    expect(await granted(stay)).toEqual({ isPro: true, membershipId: 1 });

    const foreign = await stripeCreated('coupon-foreign@example.com', price, {
      discount: { coupon: { id: 'FREE100', percent_off: 100, duration_in_months: 12 } },
    });
    expect(await granted(foreign)).toEqual({ isPro: false, membershipId: 0 });

    const bent = await stripeCreated('coupon-bent@example.com', price, {
      discount: { coupon: { id: 'STAY30', percent_off: 90, duration_in_months: 3 } },
    });
    expect(await granted(bent)).toEqual({ isPro: false, membershipId: 0 });

    // Newer Stripe API versions list discounts by id only: an unnamed coupon is not taken for a foreign one.
    const listed = await stripeCreated('coupon-listed@example.com', price, { discounts: ['di_unexpanded'] });
    expect(await granted(listed)).toEqual({ isPro: true, membershipId: 1 });
  });

  it('FastSpring: the catalogue price grants the plan; a lower one does not, and a later event at the right price does', async () => {
    const activate = async (
      email: string,
      price: number,
      id: string,
      extra: Record<string, unknown> = {},
    ) => {
      const token = await loginMember(server, email);
      const userId = (await me(server, token)).uid;
      const now = Date.now();
      const body = JSON.stringify({
        events: [
          {
            id,
            type: 'subscription.activated',
            created: now,
            data: {
              id: `fs-sub-${id}`,
              account: `fs-acct-${id}`,
              product: 'parley-pro-monthly',
              price,
              currency: 'USD',
              state: 'active',
              begin: now,
              next: now + 30 * 86400_000,
              tags: { userId },
              ...extra,
            },
          },
        ],
      });
      const response = await fetch(`${server.url}/api/v1/billing/webhook/fastspring`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-FS-Signature': signFastSpring(FS_SECRET, body) },
        body,
      });
      expect(response.status).toBe(200);
      return token;
    };
    expect(await granted(await activate('fs-price-right@example.com', 9.99, 'fs-right'))).toEqual({
      isPro: true,
      membershipId: 1,
    });
    // A coupon FastSpring names must be one this server issued, at its percentage.
    const stay = { coupons: ['STAY30'], discounts: [{ percent: 30, periods: 3 }] };
    expect(await granted(await activate('fs-coupon-ours@example.com', 9.99, 'fs-stay', stay))).toEqual({
      isPro: true,
      membershipId: 1,
    });
    const free = { coupons: ['FREE100'], discounts: [{ percent: 100, periods: 12 }] };
    expect(await granted(await activate('fs-coupon-foreign@example.com', 9.99, 'fs-free', free))).toEqual({
      isPro: false,
      membershipId: 0,
    });
    const cheap = await activate('fs-price-cheap@example.com', 0.99, 'fs-cheap');
    expect(await granted(cheap)).toEqual({ isPro: false, membershipId: 0 });
    expect(await attention(cheap)).toBe(true);

    // The operator puts the price right at FastSpring; its next event about the subscription grants the plan.
    const now = Date.now() + 1000;
    const fixed = JSON.stringify({
      events: [
        {
          id: 'fs-cheap-fixed',
          type: 'subscription.updated',
          created: now,
          data: {
            id: 'fs-sub-fs-cheap',
            account: 'fs-acct-fs-cheap',
            product: 'parley-pro-monthly',
            price: 9.99,
            currency: 'USD',
            state: 'active',
          },
        },
      ],
    });
    await fetch(`${server.url}/api/v1/billing/webhook/fastspring`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-FS-Signature': signFastSpring(FS_SECRET, fixed) },
      body: fixed,
    });
    expect(await granted(cheap)).toEqual({ isPro: true, membershipId: 1 });
    expect(await attention(cheap)).toBe(false);
  });
  it('Stripe: a plan sold at its catalogue price renews at it after the operator reprices the plan; a coupon added later must still be ours', async () => {
    const token = await loginMember(server, 'price-repriced@example.com');
    const userId = (await me(server, token)).uid;
    const subscriptionId = `sub_repriced_${++serial}`;
    const price = { id: 'price_pro_month', unit_amount: 999, currency: 'usd' };
    const start = Math.floor(Date.now() / 1000);
    await stripeEvent('customer.subscription.created', subscriptionId, userId, price, {}, start);
    expect(await granted(token)).toEqual({ isPro: true, membershipId: 1 });

    // The operator raises Pro to 12.99 for new members; Stripe renews this one at the 9.99 it was sold at.
    const [before] = await server.services.db.select().from(products).where(eq(products.id, 'pro-month-g0'));
    await server.services.db.update(products).set({ price: 1299 }).where(eq(products.id, 'pro-month-g0'));
    try {
      await stripeEvent('customer.subscription.updated', subscriptionId, userId, price, {}, start + 1);
      expect(await granted(token)).toEqual({ isPro: true, membershipId: 1 });
      expect(await attention(token)).toBe(false);
      // A new member at the old price is not sold the plan.
      expect(await granted(await stripeCreated('price-old@example.com', price))).toEqual({
        isPro: false,
        membershipId: 0,
      });
      // A 100% coupon made at Stripe and put on the renewing plan is still refused.
      await stripeEvent(
        'customer.subscription.updated',
        subscriptionId,
        userId,
        price,
        { discount: { coupon: { id: 'FREE100', percent_off: 100, duration_in_months: 12 } } },
        start + 2,
      );
      expect(await granted(token)).toEqual({ isPro: false, membershipId: 0 });
    } finally {
      await server.services.db
        .update(products)
        .set({ price: before.price })
        .where(eq(products.id, 'pro-month-g0'));
    }
  });
});
