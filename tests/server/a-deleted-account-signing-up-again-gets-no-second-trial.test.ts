// Deleting an account and signing up again with the same email does not give a second free trial: the server
// keeps only a keyed hash of the address of an account that had a trial, never the address itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreeTrialInfo, type ProductList, TEST_CARDS } from '../../common/contract';
import { trialTakenEmails } from '../../server/db/schema';
import { loginMember, me, payWithCard } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('a trial taker who deletes the account on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const trialStatus = async (token: string) =>
    (await call<ProductList>(server.url, 'GET', '/api/v1/membership/allProducts', { token })).body.data
      .trialStatus;
  const takeTrial = (token: string) =>
    payWithCard(server, token, {
      path: '/api/v1/stripe/checkWithTrail',
      productId: 'pro-year-g0',
      card: TEST_CARDS.succeeds,
      query: { days: '7' },
    });
  const deleteAccount = async (token: string, email: string) => {
    const done = await call<boolean>(server.url, 'POST', '/api/v1/user/deleteAccount', {
      token,
      body: { confirm: email },
    });
    expect([done.status, done.body.data]).toEqual([200, true]);
  };

  it('signing up again with the same email is offered "subscribe", not a second free trial', async () => {
    const email = 'trial-again@example.com';
    const first = await loginMember(server, email);
    expect(await trialStatus(first)).toBe('Pro');
    expect((await takeTrial(first)).status).toBe(303);
    expect(await me(server, first)).toMatchObject({ isTrial: true, membershipId: 2 });
    await deleteAccount(first, email);

    // What is kept: one keyed hash, not the address; the same address typed full-width and upper-case is it.
    const kept = await server.services.db.select().from(trialTakenEmails);
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain('trial-again');
    expect(kept[0].emailHash).toBe(
      server.services.billing.catalogue.trialEmailHash('ＴＲＩＡＬ-Again＠example．com'),
    );

    const again = await loginMember(server, email);
    expect((await me(server, again)).membershipId).toBe(0);
    expect(await trialStatus(again)).toBe('none');
    const offer = await call<FreeTrialInfo>(server.url, 'GET', '/api/v1/membership/freeTrial', {
      token: again,
    });
    expect(offer.body.data).toMatchObject({ trialStatus: 'none', products: [] });
    // Asking for the trial checkout directly is refused too; a paid plan can still be bought.
    const refused = await takeTrial(again);
    expect(refused.started.code).toBe(400);
    expect(await me(server, again)).toMatchObject({ isTrial: false, membershipId: 0 });
    const paid = await payWithCard(server, again, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    expect(paid.status).toBe(303);
    expect(await me(server, again)).toMatchObject({ isPro: true, membershipId: 1 });
  });

  it('an account that never took a trial leaves nothing behind and its owner still gets the trial', async () => {
    const email = 'never-tried@example.com';
    const before = (await server.services.db.select().from(trialTakenEmails)).length;
    await deleteAccount(await loginMember(server, email), email);
    expect(await server.services.db.select().from(trialTakenEmails)).toHaveLength(before);
    const again = await loginMember(server, email);
    expect(await trialStatus(again)).toBe('Pro');
    expect((await takeTrial(again)).status).toBe(303);
    expect(await me(server, again)).toMatchObject({ isTrial: true, membershipId: 2 });
  });
});
