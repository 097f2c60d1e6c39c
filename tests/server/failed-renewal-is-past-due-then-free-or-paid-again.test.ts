import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../common/contract';
import { billingDetail, loginMember, me, payWithCard } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASES)('a renewal the card cannot pay, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  /** Monthly Pro bought with the card whose later charges fail; answers the paid period's end. */
  async function buyWithFailingRenewals(email: string) {
    const token = await loginMember(server, email);
    const paid = await payWithCard(server, token, {
      productId: 'pro-month-g0',
      card: TEST_CARDS.failsRenewal,
    });
    expect(paid.status).toBe(303);
    const detail = (await billingDetail(server, token)).data!;
    expect(detail).toMatchObject({ membershipId: 1, pastDue: false, canceled: false });
    return { token, periodEnd: new Date(detail.currentPeriodEnd).getTime() };
  }

  async function postCard(portalPath: string, card: string) {
    const response = await fetch(`${server.url}${portalPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card }),
    });
    return { status: response.status, page: await response.text() };
  }

  it('the checkout page lists the card whose renewals fail, in the caller’s language', async () => {
    const token = await loginMember(server, 'cards-es@example.com');
    const { body } = await call<string>(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=pro-month-g0&successUrl=/&cancelUrl=/',
      { token },
    );
    const url = new URL(body.data, server.url);
    url.searchParams.set('lang', 'es');
    const page = await (await fetch(url)).text();
    expect(page).toContain(`${TEST_CARDS.failsRenewal} paga ahora pero sus renovaciones fallan`);
  });

  it('past due keeps Pro while the provider retries; after the last failed retry the user is Free', async () => {
    const { token, periodEnd } = await buyWithFailingRenewals('renewal-fails@example.com');
    const testpay = server.services.billing.testpay;

    await testpay.tick(periodEnd + 1000);
    expect((await billingDetail(server, token)).data).toMatchObject({ pastDue: true, membershipId: 1 });
    expect(await me(server, token)).toMatchObject({ isPro: true, membershipId: 1 });

    // The default retries: 3, 5 and 7 days after the failed renewal.
    for (const day of [3, 5]) {
      await testpay.tick(periodEnd + day * DAY + 1000);
      expect((await billingDetail(server, token)).data, `day ${day}`).toMatchObject({ pastDue: true });
      expect((await me(server, token)).isPro, `day ${day}`).toBe(true);
    }
    await testpay.tick(periodEnd + 7 * DAY + 1000);
    expect((await billingDetail(server, token)).data).toBeNull();
    expect(await me(server, token)).toMatchObject({ isPro: false, membershipId: 0 });
  });

  it('a new card in the portal pays the past-due renewal: active again with the next month', async () => {
    const { token, periodEnd } = await buyWithFailingRenewals('renewal-recovers@example.com');
    await server.services.billing.testpay.tick(periodEnd + 1000);
    expect((await billingDetail(server, token)).data?.pastDue).toBe(true);

    const customer = (await me(server, token)).stripeCustomer!;
    const portal = await call<string>(
      server.url,
      'GET',
      `/api/v1/stripe/portal?customer=${encodeURIComponent(customer)}`,
      { token },
    );
    const declined = await postCard(portal.body.data, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.page).toContain('Your card was declined.');
    expect((await billingDetail(server, token)).data?.pastDue).toBe(true);

    const updated = await postCard(portal.body.data, '4242 4242 4242 4242');
    expect(updated.page).toContain('Your card was updated.');
    const detail = (await billingDetail(server, token)).data!;
    expect(detail).toMatchObject({ pastDue: false, membershipId: 1 });
    expect(new Date(detail.currentPeriodEnd).getTime()).toBeGreaterThan(periodEnd + 27 * DAY);

    // The retry days pass without another charge: the plan simply stays.
    await server.services.billing.testpay.tick(periodEnd + 8 * DAY);
    expect((await billingDetail(server, token)).data).toMatchObject({ pastDue: false });
    expect((await me(server, token)).membershipId).toBe(1);
  });

  it('the portal opens only by the signed link its owner got, and not after it expires', async () => {
    const { token, periodEnd } = await buyWithFailingRenewals('portal-owner@example.com');
    const testpay = server.services.billing.testpay;
    await testpay.tick(periodEnd + 1000);
    const customer = (await me(server, token)).stripeCustomer!;
    const bare = `/pay/test/portal/${encodeURIComponent(customer)}`;

    // No link: nobody reads or changes the card by knowing the customer id.
    const looked = await fetch(`${server.url}${bare}?lang=es`);
    expect(looked.status).toBe(403);
    expect(await looked.text()).toContain('Este enlace de facturación caducó o no es válido.');
    expect((await postCard(bare, '4242 4242 4242 4242')).status).toBe(403);
    expect((await billingDetail(server, token)).data?.pastDue).toBe(true);

    // Another member's own signed link does not open this customer's portal.
    const other = await buyWithFailingRenewals('portal-stranger@example.com');
    const theirs = await call<string>(server.url, 'GET', '/api/v1/stripe/portal', { token: other.token });
    const query = new URL(theirs.body.data, server.url).search;
    expect((await postCard(`${bare}${query}`, '4242 4242 4242 4242')).status).toBe(403);
    expect((await billingDetail(server, token)).data?.pastDue).toBe(true);

    const mine = (await call<string>(server.url, 'GET', '/api/v1/stripe/portal', { token })).body.data;
    expect((await fetch(`${server.url}${mine}`)).status).toBe(200);
    await testpay.tick(periodEnd + 1000 + 31 * 60_000);
    expect((await fetch(`${server.url}${mine}`)).status).toBe(403);
  });
});
