import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingDetail, UpgradeResult } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { billingDetail, loginMember, me, QUESTIONNAIRE } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

type Providers = { providers: { id: number; name: string; test: boolean }[] };

async function answerWallet(url: string, action: 'approve' | 'cancel') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') };
}

describe.each(DATABASES)('the built-in test wallet on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const get = <T>(token: string, path: string) => call<T>(server.url, 'GET', path, { token });
  const checkout = (token: string, productId: string, extra = '') =>
    get<string>(
      token,
      `/api/v1/stripe/check?payProvider=3&productId=${productId}&successUrl=/%3FstripeStatus%3Dsuccess&cancelUrl=/%3FstripeStatus%3Dcancel${extra}`,
    );

  it('is offered next to the test card provider, honestly marked as a test', async () => {
    const payment = await call<Providers>(server.url, 'GET', '/api/v1/membership/payment', {});
    expect(payment.body.data.providers).toEqual([
      { id: 0, name: 'Card (test mode)', test: true },
      { id: 3, name: 'Test wallet', test: true },
    ]);
  });

  it('the approval page speaks the caller’s language; Cancel returns without a plan, Approve makes Pro', async () => {
    const token = await loginMember(server, 'wallet-buyer@example.com');
    const started = await checkout(token, 'pro-month-g0');
    const url = started.body.data;
    expect(url).toMatch(new RegExp(`^${server.url}/pay/test/wallet/tw_cs_[\\w-]+\\?lang=en$`));
    const english = await (await fetch(url)).text();
    expect(english).toContain('Approve and pay');
    expect(english).toContain('no real money moves');
    const arabic = await (await fetch(url.replace('lang=en', 'lang=ar'))).text();
    expect(arabic).toContain('dir="rtl"');
    expect(arabic).toContain('موافقة ودفع');

    expect(await answerWallet(url, 'cancel')).toEqual({ status: 303, location: '/?stripeStatus=cancel' });
    expect((await me(server, token)).isPro).toBe(false);

    const again = (await checkout(token, 'pro-month-g0')).body.data;
    expect(await answerWallet(again, 'approve')).toEqual({ status: 303, location: '/?stripeStatus=success' });
    expect(await me(server, token)).toMatchObject({ isPro: true, membershipId: 1 });
    expect((await billingDetail(server, token)).data).toMatchObject({ provider: 3, canceled: false });
    // An approved subscription cannot be approved twice.
    expect(await (await fetch(again)).text()).toContain('Already paid');
    // Like PayPal, the test wallet takes no coupons: no retention offer.
    expect((await get<boolean>(token, '/api/v1/billing/allowCancelDiscount')).body.data).toBe(false);
  });

  it('a change of plan is approved on the wallet page and checked on return; cancel ends at the period end', async () => {
    const token = await loginMember(server, 'wallet-upgrade@example.com');
    await answerWallet((await checkout(token, 'pro-month-g0')).body.data, 'approve');
    const upgrade = await get<UpgradeResult>(token, '/api/v1/upgrade/upgradeV2?productId=unlimited-month-g0');
    expect(upgrade.body.data.action).toBe(1);
    expect(upgrade.body.data.confirmUrl).toMatch(/\/pay\/test\/wallet\/tw_pi_/);
    expect((await me(server, token)).membershipId).toBe(1);
    const back = await answerWallet(upgrade.body.data.confirmUrl!, 'approve');
    expect(back.location).toContain(`from=paymentConfirm&confirmId=${upgrade.body.data.confirmId}`);
    const status = await get<string>(
      token,
      `/api/v1/upgrade/checkConfirm?confirmId=${upgrade.body.data.confirmId}`,
    );
    expect(status.body.data).toBe('succeeded');
    expect((await me(server, token)).membershipId).toBe(4);

    const { subscriptionId } = (await billingDetail(server, token)).data!;
    const cancel = await call<BillingDetail>(server.url, 'POST', '/api/v1/billing/subscription/cancel', {
      token,
      body: { subscriptionId, feedback: QUESTIONNAIRE },
    });
    expect(cancel.body.data.canceled).toBe(true);
    const end = Date.parse(cancel.body.data.currentPeriodEnd);
    await server.services.billing.testWallet!.tick(end - 1000);
    expect((await me(server, token)).membershipId).toBe(4);
    await server.services.billing.testWallet!.tick(end + 1000);
    expect((await me(server, token)).membershipId).toBe(0);
  });

  it('a card checkout is not reachable through the wallet page, nor a wallet one through the card page', async () => {
    const token = await loginMember(server, 'wallet-apart@example.com');
    const card = (
      await get<string>(token, '/api/v1/stripe/check?productId=pro-month-g0&successUrl=/&cancelUrl=/')
    ).body.data;
    const cardId = new URL(card).pathname.split('/').at(-1);
    expect((await fetch(`${server.url}/pay/test/wallet/${cardId}`)).status).toBe(404);
    const wallet = (await checkout(token, 'pro-month-g0')).body.data;
    const walletId = new URL(wallet).pathname.split('/').at(-1);
    expect((await fetch(`${server.url}/pay/test/checkout/${walletId}`)).status).toBe(404);
  });
});

describe('TESTPAY_WALLET=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { billing: loadConfig({ TESTPAY_WALLET: 'off' }).billing });
  });
  afterAll(() => server.close());

  it('offers only the test card provider', async () => {
    const payment = await call<Providers>(server.url, 'GET', '/api/v1/membership/payment', {});
    expect(payment.body.data.providers.map((p) => p.id)).toEqual([0]);
  });
});
