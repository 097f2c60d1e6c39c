import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../common/contract';
import { billingDetail, loginMember, me, payWithCard, QUESTIONNAIRE } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('the test provider’s billing clock on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('a trial becomes yearly Pro when it ends; a cancelled plan ends at its period end and the user is Free', async () => {
    const token = await loginMember(server, 'clock@example.com');
    await payWithCard(server, token, {
      path: '/api/v1/stripe/checkWithTrail',
      productId: 'pro-year-g0',
      card: TEST_CARDS.succeeds,
      query: { days: '7' },
    });
    expect((await me(server, token)).membershipId).toBe(2);
    const trialEnd = new Date((await billingDetail(server, token)).data!.currentPeriodEnd).getTime();

    // The provider's clock passes the trial's end: it charges the card and tells Parley.
    await server.services.billing.testpay.tick(trialEnd + 1000);
    const converted = (await billingDetail(server, token)).data!;
    expect(converted).toMatchObject({ membershipId: 3, trial: false, subscriptionInterval: 'Year' });
    expect(new Date(converted.currentPeriodEnd).getTime()).toBeGreaterThan(trialEnd + 360 * DAY);
    expect(await me(server, token)).toMatchObject({ membershipId: 3, isTrial: false, parsedRoles: [] });

    await call(server.url, 'POST', '/api/v1/billing/subscription/cancel', {
      token,
      body: { subscriptionId: converted.subscriptionId, feedback: QUESTIONNAIRE },
    });
    expect((await billingDetail(server, token)).data?.canceled).toBe(true);
    await server.services.billing.testpay.tick(new Date(converted.currentPeriodEnd).getTime() + 1000);
    expect((await billingDetail(server, token)).data).toBeNull();
    expect((await me(server, token)).membershipId).toBe(0);
  });
});
