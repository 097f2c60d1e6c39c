import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutResult, TEST_CARDS } from '../../common/contract';
import { testpaySubscriptions } from '../../server/db/schema';
import { loginMember, me } from '../helpers/billing';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('checkouts opened before paying on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const open = async (token: string, productId: string, trial = false) => {
    const params = new URLSearchParams({
      productId,
      successUrl: '/?stripeStatus=success',
      cancelUrl: '/?stripeStatus=cancel',
      ...(trial ? { days: '7' } : {}),
    });
    const path = trial ? '/api/v1/stripe/checkWithTrail' : '/api/v1/stripe/check';
    const started = await call<string>(server.url, 'GET', `${path}?${params}`, { token });
    expect(started.body.code).toBe(200);
    return started.body.data;
  };
  const pay = async (checkoutUrl: string) => {
    const response = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: TEST_CARDS.succeeds }),
      redirect: 'manual',
    });
    return { status: response.status, page: await response.text() };
  };
  const charges = async (token: string) => {
    const userId = (await me(server, token)).uid;
    return server.services.db
      .select()
      .from(testpaySubscriptions)
      .where(eq(testpaySubscriptions.userId, userId));
  };
  const result = async (token: string) =>
    (await call<CheckoutResult>(server.url, 'POST', '/api/v1/billing/checkoutResult', { token })).body.data
      .status;

  it('two checkouts of one plan are one session: paying on both pages charges once', async () => {
    const token = await loginMember(server, 'twice@example.com');
    const [first, second] = await Promise.all([open(token, 'pro-month-g0'), open(token, 'pro-month-g0')]);
    expect(second).toBe(first);
    expect(await result(token)).toBe('pending');
    // Both pages submitted at the same moment.
    const paid = await Promise.all([pay(first), pay(second)]);
    expect(paid.map((p) => p.status).sort()).toEqual([200, 303]);
    expect(paid.find((p) => p.status === 200)?.page).toContain('Already paid');
    expect(await charges(token)).toHaveLength(1);
    // The return shows success once; a second look (back button, bookmark) is neutral.
    expect(await result(token)).toBe('paid');
    expect(await result(token)).toBe('none');
  });

  it('a checkout of another plan replaces the first: the older page can no longer be paid', async () => {
    const token = await loginMember(server, 'switch@example.com');
    const pro = await open(token, 'pro-month-g0');
    const unlimited = await open(token, 'unlimited-month-g0');
    expect(unlimited).not.toBe(pro);
    const stale = await pay(pro);
    expect(stale.status).toBe(410);
    expect(stale.page).toContain('replaced by a newer one');
    expect((await pay(unlimited)).status).toBe(303);
    expect(await charges(token)).toHaveLength(1);
    expect(await me(server, token)).toMatchObject({ isUnlimited: true });
  });

  it('two trial checkouts opened together start one trial', async () => {
    const token = await loginMember(server, 'two-trials@example.com');
    const pages = await Promise.all([open(token, 'pro-year-g0', true), open(token, 'pro-year-g0', true)]);
    expect(pages[1]).toBe(pages[0]);
    const paid = await Promise.all(pages.map(pay));
    expect(paid.filter((p) => p.status === 303)).toHaveLength(1);
    expect(await charges(token)).toHaveLength(1);
    expect(await result(token)).toBe('trial');
  });

  it('a guest or a member without a checkout opening a success link gets no success', async () => {
    expect(await result(await newGuest(server.url))).toBe('none');
    expect(await result(await loginMember(server, 'bookmark@example.com'))).toBe('none');
  });
});
