import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDetail, ProductList } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { signFastSpring } from '../../server/providers/payments/fastspring';
import { billingDetail, loginMember, me, QUESTIONNAIRE } from '../helpers/billing';
import { startFakeFastSpring, startFakeStripe, stripeSubscription } from '../helpers/fake-payment-apis';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

const WEBHOOK_SECRET = 'whsec_test_parley';
const FS_SECRET = 'fs-hmac-secret';
const stripe = new Stripe('sk_test_unused');

describe.each(DATABASES)('Stripe and FastSpring adapters on %s', (kind) => {
  let server: TestServer;
  let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let fakeFs: Awaited<ReturnType<typeof startFakeFastSpring>>;
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

  async function stripeWebhook(
    type: string,
    object: unknown,
    options: { secret?: string; id?: string; created?: number } = {},
  ) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object },
    });
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
    });
    const response = await fetch(`${server.url}/api/v1/billing/webhook/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body: payload,
    });
    return response.status;
  }

  it('checkout goes to Stripe Checkout with the mapped price and the user in the metadata', async () => {
    const token = await loginMember(server, 'stripe-buyer@example.com');
    const products = await call<ProductList>(server.url, 'GET', '/api/v1/membership/allProducts', { token });
    expect(products.body.data.productVOS[0].productIds).toMatchObject({
      '0': 'price_pro_month',
      '2': 'parley-pro-monthly',
    });
    const { body } = await call<string>(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=price_pro_month&successUrl=/%3FstripeStatus%3Dsuccess&cancelUrl=/',
      { token },
    );
    expect(body.data).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
    const sent = new URLSearchParams(
      fakeStripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.body,
    );
    expect(sent.get('line_items[0][price]')).toBe('price_pro_month');
    expect(sent.get('subscription_data[metadata][userId]')).toBe((await me(server, token)).uid);
    expect(sent.get('mode')).toBe('subscription');
  });

  it('Stripe webhooks: a bad signature changes nothing; signed events make Pro; cancel waits for the event', async () => {
    const token = await loginMember(server, 'stripe-sub@example.com');
    const userId = (await me(server, token)).uid;
    const subscription = stripeSubscription('sub_test_1', { metadata: { userId } });
    expect(
      await stripeWebhook('customer.subscription.created', subscription, { secret: 'whsec_wrong' }),
    ).toBe(400);
    expect((await me(server, token)).isPro).toBe(false);

    expect(await stripeWebhook('customer.subscription.created', subscription)).toBe(200);
    expect(await me(server, token)).toMatchObject({
      isPro: true,
      membershipId: 1,
      stripeCustomer: 'cus_test_1',
    });

    const cancel = await call<BillingDetail>(server.url, 'POST', '/api/v1/billing/subscription/cancel', {
      token,
      body: { subscriptionId: 'sub_test_1', feedback: QUESTIONNAIRE },
    });
    expect(cancel.body.data.canceled).toBe(false);
    const update = fakeStripe.requests.find(
      (r) => r.path === '/v1/subscriptions/sub_test_1' && r.method === 'POST',
    )!;
    expect(new URLSearchParams(update.body).get('cancel_at_period_end')).toBe('true');
    await stripeWebhook('customer.subscription.updated', { ...subscription, cancel_at_period_end: true });
    expect((await billingDetail(server, token)).data).toMatchObject({ canceled: true, provider: 0 });
    await stripeWebhook('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    expect((await me(server, token)).membershipId).toBe(0);

    const portal = await call<string>(server.url, 'GET', '/api/v1/stripe/portal?customer=cus_test_1', {
      token,
    });
    expect(portal.body.data).toBe('https://billing.stripe.test/p/session_1');
    const stranger = await loginMember(server, 'stripe-stranger@example.com');
    expect(
      (await call(server.url, 'GET', '/api/v1/stripe/portal?customer=cus_test_1', { token: stranger }))
        .status,
    ).toBe(404);
  });

  it('a failed renewal is past due from either provider: Stripe invoice.payment_failed or status past_due/unpaid, FastSpring subscription.charge.failed', async () => {
    const token = await loginMember(server, 'stripe-past-due@example.com');
    const userId = (await me(server, token)).uid;
    const subscription = stripeSubscription('sub_pd_1', { customer: 'cus_pd_1', metadata: { userId } });
    const t = Math.floor(Date.now() / 1000);
    const invoice = { id: 'in_pd_1', object: 'invoice', subscription: 'sub_pd_1', amount_paid: 999 };
    const pastDue = async () => (await billingDetail(server, token)).data?.pastDue;
    expect(await stripeWebhook('customer.subscription.created', subscription, { created: t })).toBe(200);
    expect(await pastDue()).toBe(false);
    await stripeWebhook('invoice.payment_failed', invoice, { created: t + 10 });
    expect(await pastDue()).toBe(true);
    expect((await me(server, token)).isPro).toBe(true);
    await stripeWebhook('invoice.paid', invoice, { created: t + 20 });
    expect(await pastDue()).toBe(false);
    await stripeWebhook(
      'customer.subscription.updated',
      { ...subscription, status: 'past_due' },
      { created: t + 30 },
    );
    expect(await pastDue()).toBe(true);
    await stripeWebhook('invoice.paid', invoice, { created: t + 40 });
    await stripeWebhook(
      'customer.subscription.updated',
      { ...subscription, status: 'unpaid' },
      { created: t + 50 },
    );
    expect(await pastDue()).toBe(true);

    const fsToken = await loginMember(server, 'fs-past-due@example.com');
    const fsUser = (await me(server, fsToken)).uid;
    const now = Date.now();
    const data = {
      id: 'fs-sub-pd',
      account: 'fs-acct-pd',
      product: 'parley-pro-monthly',
      price: 9.99,
      currency: 'USD',
      tags: { userId: fsUser },
    };
    const body = JSON.stringify({
      events: [
        {
          id: 'fs-pd-1',
          type: 'subscription.activated',
          created: now,
          data: { ...data, state: 'active', begin: now, next: now + 30 * 86400_000 },
        },
        {
          id: 'fs-pd-2',
          type: 'subscription.charge.failed',
          created: now + 1000,
          data: { ...data, subscription: 'fs-sub-pd' },
        },
      ],
    });
    const posted = await fetch(`${server.url}/api/v1/billing/webhook/fastspring`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-FS-Signature': signFastSpring(FS_SECRET, body) },
      body,
    });
    expect(posted.status).toBe(200);
    expect((await billingDetail(server, fsToken)).data).toMatchObject({ pastDue: true, provider: 2 });
  });

  it('FastSpring webhooks are HMAC-verified; orders open a storefront session', async () => {
    const token = await loginMember(server, 'fs-buyer@example.com');
    const userId = (await me(server, token)).uid;
    const now = Date.now();
    const body = JSON.stringify({
      events: [
        {
          id: 'fs-evt-1',
          type: 'subscription.activated',
          created: now,
          data: {
            id: 'fs-sub-1',
            account: 'fs-acct-1',
            product: 'parley-pro-monthly',
            price: 9.99,
            currency: 'USD',
            state: 'active',
            begin: now,
            next: now + 30 * 86400_000,
            tags: { userId },
          },
        },
      ],
    });
    const post = (signature: string) =>
      fetch(`${server.url}/api/v1/billing/webhook/fastspring`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-FS-Signature': signature },
        body,
      });
    expect((await post(signFastSpring('not-the-secret', body))).status).toBe(400);
    expect((await me(server, token)).isPro).toBe(false);
    expect((await post(signFastSpring(FS_SECRET, body))).status).toBe(200);
    expect(await me(server, token)).toMatchObject({
      isPro: true,
      membershipId: 1,
      fastspringCustomer: 'fs-acct-1',
    });

    const other = await loginMember(server, 'fs-order@example.com');
    // FastSpring's order call answers the order (the storefront session): its id and where to pay.
    const order = await call<{ id: string; url: string }>(server.url, 'POST', '/api/v1/fastspring/order', {
      token: other,
      body: { items: [{ product: 'parley-pro-monthly' }] },
    });
    expect(order.body.data).toMatchObject({
      id: 'fs_session_1',
      url: 'https://parley.test.onfastspring.com/session/fs_session_1',
    });
    // Its check takes just the product (the spec's parameters) and answers the same open order.
    const check = await call<{ id: string }>(
      server.url,
      'GET',
      '/api/v1/fastspring/check?productId=parley-pro-monthly',
      { token: other },
    );
    expect(check.body.code).toBe(200);
    expect(check.body.data.id).toBe('fs_session_1');
    // A FastSpring subscriber's billing portal is FastSpring's account page.
    const portal = await call<string>(server.url, 'GET', '/api/v1/fastspring/portal?accountId=fs-acct-1', {
      token,
    });
    expect(portal.body.data).toBe('https://parley.test.onfastspring.com/account/x');
    const payment = await call<{ providers: { id: number }[] }>(
      server.url,
      'GET',
      '/api/v1/membership/payment',
      {},
    );
    expect(payment.body.data.providers.map((p) => p.id)).toEqual([0, 2]);
  });
});
