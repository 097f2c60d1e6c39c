import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProductList, TEST_CARDS, type UserProperties } from '../../common/contract';
import { testpaySessions } from '../../server/db/schema';
import { answerChallenge, billingDetail, loginMember, me, payWithCard } from '../helpers/billing';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('checkout through the built-in test provider on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('lists Pro and Unlimited, monthly and yearly, with quotas, trial status and price group', async () => {
    const token = await loginMember(server, 'list@example.com');
    const { body } = await call<ProductList>(server.url, 'GET', '/api/v1/membership/allProducts', { token });
    expect(body.data.trialStatus).toBe('Pro');
    expect(body.data.priceStatus).toBe(0);
    expect(body.data.productVOS.map((p) => [p.productType, p.subscription, p.price])).toEqual([
      ['Pro', 'month', 999],
      ['Pro', 'year', 10070],
      ['Unlimited', 'month', 1999],
      ['Unlimited', 'year', 20150],
    ]);
    const pro = body.data.productVOS[0];
    expect(pro.productIds['0']).toBe('pro-month-g0');
    expect(pro.membership).toMatchObject({ membershipId: 1, gpt3Quota: 3000, gpt4Quota: 300 });
    expect(body.data.productVOS[2].membership.gpt4Quota).toBe(-1);
  });

  it('a card that succeeds returns to the app and makes the user Pro through the signed webhook', async () => {
    const token = await loginMember(server, 'buyer@example.com');
    const paid = await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe('/?stripeStatus=success');
    expect(await me(server, token)).toMatchObject({ isPro: true, membershipId: 1, isTrial: false });
    // The user properties say since when (the subscription's first provider event) and how this session began.
    const props = (await call<UserProperties>(server.url, 'GET', '/api/v1/user/userProperties', { token }))
      .body.data;
    expect(props).toMatchObject({ product_type: 'PRO', interval: 'month', user_session_source: 'email' });
    expect(Date.now() - Date.parse(props.subscribe_start_time ?? '')).toBeLessThan(10 * 60_000);
    const detail = await billingDetail(server, token);
    expect(detail.data).toMatchObject({
      membershipId: 1,
      price: 999,
      subscriptionInterval: 'Month',
      canceled: false,
    });
    // Paying twice is refused: the user already has a plan.
    const again = await payWithCard(server, token, { productId: 'pro-year-g0', card: TEST_CARDS.succeeds });
    expect(again.started.code).toBe(400);
    expect(again.started.msg).toMatch(/already a member/);
  });

  it('a declined card shows the decline on the page and changes nothing', async () => {
    const token = await loginMember(server, 'declined@example.com');
    const paid = await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.declined });
    expect(paid.status).toBe(402);
    expect(paid.page).toContain('Your card was declined');
    expect(await me(server, token)).toMatchObject({ isPro: false, membershipId: 0 });
    expect((await billingDetail(server, token)).data).toBeNull();
  });

  it('the checkout page speaks the caller’s language, declines included', async () => {
    const token = await loginMember(server, 'es-buyer@example.com');
    const started = await call<string>(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=pro-month-g0&successUrl=/&cancelUrl=/',
      { token, headers: { language: 'es' } },
    );
    expect(started.body.data).toMatch(/\?lang=es$/);
    const declined = await fetch(started.body.data, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: TEST_CARDS.declined }),
    });
    expect(await declined.text()).toContain('Tu tarjeta fue rechazada. Prueba con otra tarjeta.');
    const notACard = await fetch(started.body.data.replace('lang=es', 'lang=ar'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '1234' }),
    });
    expect(await notACard.text()).toContain('هذه ليست بطاقة اختبار');
  });

  it('the checkout page charges the yearly price the plans show, cents and language included', async () => {
    const token = await loginMember(server, 'yearly-es@example.com');
    const { body } = await call<ProductList>(server.url, 'GET', '/api/v1/membership/allProducts', { token });
    const yearly = body.data.productVOS.find((p) => p.productIds['0'] === 'pro-year-g0')!;
    expect(yearly.productPriceText).toBe('$100.70');
    const started = await call<string>(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=pro-year-g0&successUrl=/&cancelUrl=/',
      { token, headers: { language: 'es' } },
    );
    const page = await (await fetch(started.body.data)).text();
    // Spanish writes the same 10070 cents as the plan card does: 100,70 US$, not 100,7 nor $100.70.
    expect(page).toMatch(/<div id="amount"><strong>100,70\u00a0US\$<\/strong>/);
  });

  it('a 3-D Secure card asks for a challenge: fail leaves the user free, approve makes them Pro', async () => {
    const token = await loginMember(server, 'secure@example.com');
    const first = await payWithCard(server, token, {
      productId: 'pro-month-g0',
      card: TEST_CARDS.threeDSecure,
    });
    expect(first.status).toBe(303);
    expect(first.location).toMatch(/^\/pay\/test\/challenge\//);
    const failed = await answerChallenge(server, first.location!, 'fail');
    expect(failed.page).toContain('3-D Secure authentication failed');
    expect((await me(server, token)).isPro).toBe(false);

    const second = await payWithCard(server, token, {
      productId: 'pro-month-g0',
      card: TEST_CARDS.threeDSecure,
    });
    const approved = await answerChallenge(server, second.location!, 'approve');
    expect(approved.status).toBe(303);
    expect(approved.location).toBe('/?stripeStatus=success');
    expect(await me(server, token)).toMatchObject({ isPro: true, membershipId: 1 });
  });

  it('the 7-day trial of yearly Pro makes a Trail user once; the trial is then used up', async () => {
    const token = await loginMember(server, 'trial@example.com');
    const trial = await payWithCard(server, token, {
      path: '/api/v1/stripe/checkWithTrail',
      productId: 'pro-year-g0',
      card: TEST_CARDS.succeeds,
      query: { days: '7' },
    });
    expect(trial.status).toBe(303);
    expect(await me(server, token)).toMatchObject({
      isPro: true,
      isTrial: true,
      membershipId: 2,
      parsedRoles: ['Trail'],
      timeRemaining: 7,
    });
    const products = await call<ProductList>(server.url, 'GET', '/api/v1/membership/allProducts', { token });
    expect(products.body.data.trialStatus).toBe('none');
    // A monthly plan never comes with the trial.
    const other = await loginMember(server, 'trial-month@example.com');
    const refused = await payWithCard(server, other, {
      path: '/api/v1/stripe/checkWithTrail',
      productId: 'pro-month-g0',
      card: TEST_CARDS.succeeds,
      query: { days: '7' },
    });
    expect(refused.started.code).toBe(400);
  });

  it('return addresses off this site become the home page; paths on it (with a language) are kept', async () => {
    const token = await loginMember(server, 'return-to@example.com');
    /** Where the checkout page's Cancel link points for a checkout started with this cancel address. */
    const cancelTarget = async (cancelUrl: string) => {
      const query = new URLSearchParams({ productId: 'pro-month-g0', successUrl: '/', cancelUrl });
      const started = await call<string>(server.url, 'GET', `/api/v1/stripe/check?${query}`, { token });
      expect(started.body.code).toBe(200);
      const page = await (await fetch(started.body.data)).text();
      return page.match(/<a href="([^"]*)" id="cancel">/)?.[1];
    };
    for (const away of [
      '/\\evil.example/path',
      '/\\t/evil.example/path',
      '/\\\t/evil.example/path',
      '//evil.example/path',
      'https://evil.example/',
      'javascript:alert(1)',
      `${server.url}.evil.example/`,
    ])
      expect(await cancelTarget(away), away).toBe('/');
    // Parsed to the path '//evil.example/path', which a browser would read as a host: kept one slash.
    expect(await cancelTarget('/.//evil.example/path')).toBe('/evil.example/path');
    expect(await cancelTarget('/ar/?stripeStatus=cancel')).toBe('/ar/?stripeStatus=cancel');
    expect(await cancelTarget(`${server.url}/es/?stripeStatus=cancel`)).toBe('/es/?stripeStatus=cancel');

    const paid = await payWithCard(server, token, {
      productId: 'pro-month-g0',
      card: TEST_CARDS.succeeds,
      query: { successUrl: '/\\evil.example/after-pay' },
    });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe('/');
  });

  it('a checkout link older than a day no longer takes a payment', async () => {
    const token = await loginMember(server, 'stale-checkout@example.com');
    const started = await call<string>(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=pro-month-g0&successUrl=/&cancelUrl=/',
      { token },
    );
    const id = new URL(started.body.data).pathname.split('/').pop()!;
    await server.services.db
      .update(testpaySessions)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(testpaySessions.id, id));
    const url = new URL(started.body.data);
    url.searchParams.set('lang', 'es');
    const shown = await fetch(url);
    expect(shown.status).toBe(410);
    expect(await shown.text()).toContain('Este pago caducó. Vuelve a empezar desde Parley.');
    const paid = await fetch(started.body.data, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: TEST_CARDS.succeeds }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(410);
    expect(await me(server, token)).toMatchObject({ isPro: false, membershipId: 0 });
  });

  it('guests must log in', async () => {
    const guest = await newGuest(server.url);
    const asGuest = await call(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=pro-month-g0&successUrl=/&cancelUrl=/',
      {
        token: guest,
      },
    );
    expect(asGuest.status).toBe(401);
    const token = await loginMember(server, 'redirect@example.com');
    const spanish = await call(
      server.url,
      'GET',
      '/api/v1/stripe/check?productId=nope&successUrl=/&cancelUrl=/',
      {
        token,
        headers: { language: 'es' },
      },
    );
    expect(spanish.body.msg).toBe('Este plan no está a la venta.');
  });
});
