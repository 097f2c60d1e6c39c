import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDetail, UpgradeResult } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { billingEvents } from '../../server/db/schema';
import { billingDetail, loginMember, me, QUESTIONNAIRE } from '../helpers/billing';
import { type FakePayPal, startFakePayPal } from '../helpers/fake-paypal';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

const PAYPAL = { clientId: 'parley-client', clientSecret: 'parley-secret', webhookId: 'WH-PARLEY-1' };
const DAY = 86_400_000;

describe.each(DATABASES)('PayPal as the wallet provider on %s', (kind) => {
  let server: TestServer;
  let paypal: FakePayPal;
  beforeAll(async () => {
    paypal = await startFakePayPal(PAYPAL);
    server = await startTestServer(kind, {
      billing: {
        ...loadConfig({}).billing,
        marketingCoupon: { code: 'SPRING', monthly: 0.2, yearly: 0.3, description: 'Spring sale' },
        paypal: { ...PAYPAL, apiBase: paypal.url },
        productIds: [
          { provider: 3, productId: 'pro-month-g0', providerProductId: 'P-PRO-MONTH' },
          { provider: 3, productId: 'pro-year-g0', providerProductId: 'P-PRO-YEAR' },
          { provider: 3, productId: 'unlimited-month-g0', providerProductId: 'P-UNLIMITED-MONTH' },
        ],
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await paypal.close();
  });

  const get = <T>(token: string, path: string) => call<T>(server.url, 'GET', path, { token });
  const deliver = async (delivery: { body: string; headers: Record<string, string> }) =>
    (
      await fetch(`${server.url}/api/v1/billing/webhook/wallet`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      })
    ).status;

  /** Checkout through Parley, then the buyer approves on PayPal and PayPal sends ACTIVATED. */
  async function subscribe(email: string, planId = 'P-PRO-MONTH') {
    const token = await loginMember(server, email);
    const userId = (await me(server, token)).uid;
    const started = await get<string>(
      token,
      `/api/v1/stripe/check?payProvider=3&productId=${planId}&successUrl=/%3FstripeStatus%3Dsuccess&cancelUrl=/`,
    );
    const id = [...paypal.subscriptions.values()].find((s) => s.custom_id === userId)!.id;
    const now = Date.now();
    const sub = paypal.activate(id, {
      billing_info: {
        next_billing_time: new Date(now + 30 * DAY).toISOString(),
        last_payment: { amount: { currency_code: 'USD', value: '9.99' }, time: new Date(now).toISOString() },
        cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 1, total_cycles: 0 }],
      },
    });
    return { token, userId, id, sub, started: started.body };
  }

  it('lists PayPal as provider 3 and checkout answers the approve link with our user in custom_id', async () => {
    const payment = await call<{ providers: { id: number; name: string; test: boolean }[] }>(
      server.url,
      'GET',
      '/api/v1/membership/payment',
      {},
    );
    expect(payment.body.data.providers).toContainEqual({ id: 3, name: 'PayPal', test: false });
    // The local API is not PayPal's sandbox address, and no test wallet stands next to a real PayPal.
    expect(payment.body.data.providers.filter((p) => p.id === 3)).toHaveLength(1);

    const { started, userId, id } = await subscribe('paypal-buyer@example.com');
    expect(started.data).toBe(`${paypal.url}/checkoutnow?ba_token=BA-${id}`);
    const create = paypal.requests.find(
      (r) => r.path === '/v1/billing/subscriptions' && r.method === 'POST',
    )!;
    const body = JSON.parse(create.body);
    expect(body).toMatchObject({ plan_id: 'P-PRO-MONTH', custom_id: userId });
    expect(body.application_context.return_url).toBe(`${server.url}/?stripeStatus=success`);
    expect(create.authorization).toMatch(/^Bearer A21AA/);
    // One token serves every call until it expires.
    expect(paypal.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('a webhook PayPal does not vouch for changes nothing (400); ACTIVATED makes Pro, twice counts once', async () => {
    const { token, sub } = await subscribe('paypal-activated@example.com');
    const forged = paypal.webhook('BILLING.SUBSCRIPTION.ACTIVATED', sub, { webhookId: 'WH-SOMEONE-ELSE' });
    expect(await deliver(forged)).toBe(400);
    expect(JSON.parse(paypal.requests.at(-1)!.body)).toMatchObject({ webhook_id: PAYPAL.webhookId });
    expect((await me(server, token)).isPro).toBe(false);
    const unsigned = paypal.webhook('BILLING.SUBSCRIPTION.ACTIVATED', sub);
    expect(await deliver({ body: unsigned.body, headers: { 'Content-Type': 'application/json' } })).toBe(400);
    expect((await me(server, token)).isPro).toBe(false);

    const activated = paypal.webhook('BILLING.SUBSCRIPTION.ACTIVATED', sub);
    expect(await deliver(activated)).toBe(200);
    expect(await deliver(activated)).toBe(200);
    expect(await me(server, token)).toMatchObject({ isPro: true, membershipId: 1 });
    const eventId = JSON.parse(activated.body).id;
    const stored = await server.services.db
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.provider, 'wallet'), eq(billingEvents.eventId, eventId)));
    expect(stored).toHaveLength(1);
    const detail = (await billingDetail(server, token)).data!;
    expect(detail).toMatchObject({ provider: 3, membershipId: 1, canceled: false });
    const portal = await get<string>(token, '/api/v1/stripe/portal?payProvider=3');
    expect(portal.body.data).toBe('https://www.paypal.com/myaccount/autopay/');
    // PayPal takes no coupons: the retention offer is not made for a wallet subscription.
    expect((await get<boolean>(token, '/api/v1/billing/allowCancelDiscount')).body.data).toBe(false);
  });

  it('cancel calls PayPal; the CANCELLED event keeps the paid time and the plan ends on the period end', async () => {
    const { token, sub, id } = await subscribe('paypal-cancel@example.com');
    await deliver(paypal.webhook('BILLING.SUBSCRIPTION.ACTIVATED', sub));
    const cancel = await call<BillingDetail>(server.url, 'POST', '/api/v1/billing/subscription/cancel', {
      token,
      body: { subscriptionId: id, feedback: QUESTIONNAIRE },
    });
    expect(cancel.body.code).toBe(200);
    expect(
      paypal.requests.some((r) => r.method === 'POST' && r.path === `/v1/billing/subscriptions/${id}/cancel`),
    ).toBe(true);
    expect(paypal.subscriptions.get(id)!.status).toBe('CANCELLED');
    // Parley's state moves with PayPal's event, not with the request.
    await deliver(paypal.webhook('BILLING.SUBSCRIPTION.CANCELLED', { ...sub, status: 'CANCELLED' }));
    const detail = (await billingDetail(server, token)).data!;
    const periodEnd = Date.parse(
      String((sub.billing_info as { next_billing_time: string }).next_billing_time),
    );
    expect(detail).toMatchObject({ canceled: true, provider: 3 });
    expect(Date.parse(detail.currentPeriodEnd)).toBe(periodEnd);
    expect((await me(server, token)).isPro).toBe(true);

    await server.services.billing.endCancelled(periodEnd - 1000);
    expect((await me(server, token)).isPro).toBe(true);
    await server.services.billing.endCancelled(periodEnd + 1000);
    expect((await me(server, token)).membershipId).toBe(0);
    expect((await billingDetail(server, token)).data).toBeNull();
  });

  it('a renewal (PAYMENT.SALE.COMPLETED) extends the plan to the next billing time PayPal names', async () => {
    const { token, sub, id } = await subscribe('paypal-renewal@example.com');
    await deliver(paypal.webhook('BILLING.SUBSCRIPTION.ACTIVATED', sub));
    const next = new Date(Date.now() + 60 * DAY).toISOString();
    paypal.activate(id, { billing_info: { next_billing_time: next } });
    const sale = {
      id: '5O190127TN364715T',
      billing_agreement_id: id,
      state: 'completed',
      create_time: new Date().toISOString(),
    };
    expect(await deliver(paypal.webhook('PAYMENT.SALE.COMPLETED', sale))).toBe(200);
    expect(Date.parse((await billingDetail(server, token)).data!.currentPeriodEnd)).toBe(Date.parse(next));
  });

  it('upgrade revises the plan and sends the buyer to approve it; trials defer the first charge', async () => {
    const { token, sub, id } = await subscribe('paypal-upgrade@example.com');
    await deliver(paypal.webhook('BILLING.SUBSCRIPTION.ACTIVATED', sub));
    const upgrade = await get<UpgradeResult>(token, '/api/v1/upgrade/upgradeV2?productId=P-UNLIMITED-MONTH');
    expect(upgrade.body.data).toEqual({
      action: 1,
      confirmUrl: `${paypal.url}/checkoutnow?ba_token=BA-R-${id}`,
      confirmId: id,
    });
    const revise = paypal.requests.find((r) => r.path === `/v1/billing/subscriptions/${id}/revise`)!;
    expect(JSON.parse(revise.body)).toMatchObject({ plan_id: 'P-UNLIMITED-MONTH' });
    expect(JSON.parse(revise.body).application_context.return_url).toContain(`confirmId=${id}`);
    // Approved at PayPal: the plan is the new one, and PayPal's UPDATED event moves Parley.
    paypal.activate(id, { plan_id: 'P-UNLIMITED-MONTH' });
    expect((await get<string>(token, `/api/v1/upgrade/checkConfirm?confirmId=${id}`)).body.data).toBe(
      'succeeded',
    );
    await deliver(paypal.webhook('BILLING.SUBSCRIPTION.UPDATED', paypal.subscriptions.get(id)));
    expect((await me(server, token)).membershipId).toBe(4);

    const trialist = await loginMember(server, 'paypal-trial@example.com');
    const trial = await get<string>(
      trialist,
      '/api/v1/stripe/checkWithTrail?payProvider=3&days=7&productId=P-PRO-YEAR&successUrl=/&cancelUrl=/',
    );
    expect(trial.body.code).toBe(200);
    const created = JSON.parse(
      paypal.requests.filter((r) => r.path === '/v1/billing/subscriptions').at(-1)!.body,
    );
    expect(Date.parse(created.start_time) - Date.now()).toBeGreaterThan(6.9 * DAY);
  });

  it('a marketing coupon cannot be taken to PayPal: a clear refusal, no subscription made', async () => {
    const token = await loginMember(server, 'paypal-coupon@example.com');
    const before = paypal.subscriptions.size;
    const refused = await call(
      server.url,
      'GET',
      '/api/v1/stripe/checkWithCoupon?payProvider=3&coupon=SPRING&productId=P-PRO-MONTH&successUrl=/&cancelUrl=/',
      { token, headers: { language: 'es' } },
    );
    expect(refused.body.msg).toBe(
      'Este descuento no se puede usar con este método de pago. Elige otro método de pago.',
    );
    expect(paypal.subscriptions.size).toBe(before);
  });
});
