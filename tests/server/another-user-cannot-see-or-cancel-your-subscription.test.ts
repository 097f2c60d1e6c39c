import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingDetail, TEST_CARDS } from '../../common/contract';
import { billingDetail, loginMember, me, payWithCard, QUESTIONNAIRE } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('subscriptions are private on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('another user cannot see, cancel or discount your subscription', async () => {
    const alice = await loginMember(server, 'alice@example.com');
    const bob = await loginMember(server, 'bob@example.com');
    await payWithCard(server, alice, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const mine = (await billingDetail(server, alice)).data!;
    expect(mine.membershipId).toBe(1);

    expect((await billingDetail(server, bob)).data).toBeNull();
    const cancel = await call(server.url, 'POST', '/api/v1/billing/subscription/cancel', {
      token: bob,
      body: { subscriptionId: mine.subscriptionId, feedback: QUESTIONNAIRE },
    });
    expect(cancel.status).toBe(404);
    expect(cancel.body.msg).toBe('There is no active subscription on this account.');
    const coupon = await call(
      server.url,
      'GET',
      `/api/v1/billing/cancelDiscount?subscriptionId=${encodeURIComponent(mine.subscriptionId)}`,
      { token: bob },
    );
    expect(coupon.status).toBe(404);

    const still = (await billingDetail(server, alice)).data!;
    expect(still).toMatchObject({ canceled: false, discountPercent: 0 });
    expect((await me(server, bob)).isPro).toBe(false);
  });

  it('the owner cancels with a complete questionnaire; the plan runs to the period end', async () => {
    const carol = await loginMember(server, 'carol@example.com');
    await payWithCard(server, carol, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const { subscriptionId } = (await billingDetail(server, carol)).data!;
    const cancel = (feedback: unknown) =>
      call<BillingDetail>(server.url, 'POST', '/api/v1/billing/subscription/cancel', {
        token: carol,
        body: { subscriptionId, feedback },
      });
    const missing = await cancel({ ...QUESTIONNAIRE, q7: '' });
    expect(missing.body).toMatchObject({
      code: 400,
      msg: 'Please answer every question (and fill in the text where asked).',
    });
    expect((await cancel({ ...QUESTIONNAIRE, q1: 'd' })).body.code).toBe(400);
    expect((await cancel({ ...QUESTIONNAIRE, q4: 'e' })).body.code).toBe(400);
    const done = await cancel({ ...QUESTIONNAIRE, q1: 'd', 'q1-d': 'I found another tool' });
    expect(done.body.data).toMatchObject({ canceled: true, membershipId: 1 });
    expect(await me(server, carol)).toMatchObject({ isPro: true, membershipId: 1 });
    expect((await cancel({ ...QUESTIONNAIRE })).body.msg).toBe('This subscription is already cancelled.');
  });
});
