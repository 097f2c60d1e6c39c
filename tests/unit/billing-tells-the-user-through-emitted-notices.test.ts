// The billing actors never show a toast themselves: what the user is to be told leaves the billing root as
// an emitted 'notice' (a translation key or the server's words), which the UI's one listener shows.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { BillingDetail, Product, ProductList, UserInfo } from '../../common/contract';
import { ApiError } from '../../src/api/http';
import { createBillingMachine } from '../../src/machines/billing/billing.machine';
import type { BillingIO } from '../../src/machines/billing/io';
import type { BillingNotice } from '../../src/machines/billing/notice';
import { fakeAuth, fakeBillingIO, fakeLogin, member, subscriber } from './support/fake-billing-io';

const product = {
  membershipId: 1,
  productType: 'Pro',
  price: 999,
  subscription: 'month',
  productIds: { '0': 'pro-month' },
} as unknown as Product;
const products = { productVOS: [product], priceStatus: 0, trialStatus: 'none', status: 1 } as ProductList;
const detail = {
  subscriptionId: 'sub_1',
  membershipId: 1,
  trial: false,
  discountPercent: 0,
} as BillingDetail;

function start(user: Partial<UserInfo>, io: Partial<BillingIO> = {}) {
  const fake = fakeBillingIO({
    allProducts: async () => products,
    payment: async () => ({ providers: [{ id: 0, name: 'Card', test: true }] }),
    detail: async () => detail,
    ...io,
  });
  const auth = fakeAuth(user);
  const billing = createActor(createBillingMachine(fake), { input: { auth, login: fakeLogin() } });
  const notices: Omit<BillingNotice, 'type'>[] = [];
  billing.on('notice', ({ tone, message }) => notices.push({ tone, message }));
  billing.start();
  const { pricing, manager } = billing.getSnapshot().context;
  return { billing, pricing, manager, fake, auth, notices };
}

describe('billing tells the user through emitted notices', () => {
  it('a member choosing a plan hears they already are one; nothing is bought', async () => {
    const { billing, pricing, fake, auth, notices } = start(member);
    billing.send({ type: 'PAY.OPEN' });
    await waitFor(pricing, (s) => s.matches({ open: 'ready' }));
    // Paid meanwhile (in another tab): the plan is theirs already.
    auth.send({ type: 'USER', user: subscriber });
    billing.send({ type: 'PRICING.BUY', product, trial: false });
    expect(notices).toEqual([{ tone: 'info', message: { key: 'billing.alreadyMember' } }]);
    expect(fake.calls.checkout).toBeUndefined();
  });

  it("a refused checkout says the server's words and leaves the pricing modal ready", async () => {
    const { billing, pricing, fake, notices } = start(member, {
      checkout: () => Promise.reject(new ApiError('envelope', 'This plan is not sold here.', 400)),
    });
    billing.send({ type: 'PAY.OPEN' });
    await waitFor(pricing, (s) => s.matches({ open: 'ready' }));
    billing.send({ type: 'PRICING.BUY', product, trial: false });
    await waitFor(pricing, (s) => s.matches({ open: 'ready' }) && notices.length > 0);
    expect(notices).toEqual([{ tone: 'error', message: { text: 'This plan is not sold here.' } }]);
    expect(fake.left).toEqual([]);
  });

  it('a checkout that answers leaves for the provider with return addresses in the language', async () => {
    const { billing, pricing, fake } = start(member, { checkout: async () => 'https://pay.test/session' });
    billing.send({ type: 'PAY.OPEN' });
    await waitFor(pricing, (s) => s.matches({ open: 'ready' }));
    billing.send({ type: 'PRICING.BUY', product, trial: false });
    await waitFor(pricing, () => fake.left.length > 0);
    expect(fake.left).toEqual(['https://pay.test/session']);
    const [start0] = fake.calls.checkout[0] as [{ successUrl: string; cancelUrl: string; productId: string }];
    expect(start0.productId).toBe('pro-month');
    expect(new URL(start0.successUrl).pathname).toBe('/es');
    expect(new URL(start0.cancelUrl).searchParams.get('stripeStatus')).toBe('cancel');
  });

  it('pay returns: paid is a success, a cancelled one a neutral word, a pending one "processing"', async () => {
    const paid = start(member, { checkoutResult: async () => ({ status: 'paid' }) });
    paid.billing.send({ type: 'RETURN.PAID' });
    await waitFor(paid.pricing, (s) => s.matches('closed'));
    expect(paid.notices).toEqual([{ tone: 'success', message: { key: 'billing.paySuccess' } }]);

    const cancelled = start(member);
    cancelled.billing.send({ type: 'RETURN.CANCELLED' });
    expect(cancelled.notices).toEqual([{ tone: 'info', message: { key: 'billing.payCancelled' } }]);
    expect(cancelled.auth.refreshes).toHaveLength(1);

    // The webhook is still on its way: asked again five times, then told it is being processed.
    const pending = start(member, { checkoutResult: async () => ({ status: 'pending' }) });
    pending.billing.send({ type: 'RETURN.PAID' });
    await waitFor(pending.pricing, (s) => s.matches('closed'));
    expect(pending.fake.calls.checkoutResult).toHaveLength(6);
    expect(pending.notices).toEqual([{ tone: 'info', message: { key: 'billing.processing' } }]);
  });

  it('an accepted retention coupon says its percent and brings back the detail', async () => {
    const { billing, manager, notices } = start(subscriber, {
      allowCancelDiscount: async () => true,
      preview: async () => ({ discountPercent: 30, symbol: '$', amount: 999, nextCharge: 699 }) as never,
      cancelDiscount: async () => ({ ...detail, discountPercent: 30 }),
    });
    billing.send({ type: 'BILLING.OPEN' });
    await waitFor(manager, (s) => s.matches('open'));
    billing.send({ type: 'BILLING.CANCEL_START' });
    billing.send({ type: 'BILLING.NEXT' });
    billing.send({ type: 'COUPON.ACCEPT' });
    await waitFor(manager, (s) => s.matches({ open: 'detail' }));
    expect(notices).toEqual([
      { tone: 'success', message: { key: 'billing.couponApplied', values: { percent: 30 } } },
    ]);
    expect(manager.getSnapshot().context.allow).toEqual({ cancelDiscount: false, studentDiscount: false });
  });

  it('an upgrade: done is a success and the detail reloads; refused says the payment failed', async () => {
    const upgrades = async () => ({ studentDiscount: false, upgradeList: [] });
    const done = start(subscriber, {
      upgradeProducts: upgrades,
      upgrade: async () => ({ action: 0, confirmUrl: null }) as never,
    });
    done.billing.send({ type: 'BILLING.OPEN' });
    await waitFor(done.manager, (s) => s.matches('open'));
    done.billing.send({ type: 'UPGRADE.OPEN' });
    await waitFor(done.manager, (s) => s.matches({ open: { upgrade: 'picking' } }));
    done.billing.send({ type: 'UPGRADE.CHOOSE', productId: 'unlimited-month' });
    await waitFor(done.manager, (s) => s.matches({ open: 'detail' }));
    expect(done.notices).toEqual([{ tone: 'success', message: { key: 'billing.upgradeSuccessful' } }]);
    expect(done.fake.calls.detail).toHaveLength(2);

    const refused = start(subscriber, { upgradeProducts: upgrades });
    refused.billing.send({ type: 'BILLING.OPEN' });
    await waitFor(refused.manager, (s) => s.matches('open'));
    refused.billing.send({ type: 'UPGRADE.OPEN' });
    await waitFor(refused.manager, (s) => s.matches({ open: { upgrade: 'picking' } }));
    refused.billing.send({ type: 'UPGRADE.CHOOSE', productId: 'unlimited-month' });
    await waitFor(refused.manager, (s) => s.matches({ open: 'detail' }));
    expect(refused.notices).toEqual([{ tone: 'error', message: { key: 'billing.payment' } }]);
  });

  it('an upgrade asking for 3-D Secure leaves for its page; the confirmation back is checked', async () => {
    const { billing, manager, fake, notices } = start(subscriber, {
      upgradeProducts: async () => ({ studentDiscount: false, upgradeList: [] }),
      upgrade: async () => ({ action: 1, confirmUrl: 'https://pay.test/3ds' }) as never,
      checkConfirm: async (id) => (id === 'ok' ? 'succeeded' : 'requires_payment_method'),
    });
    billing.send({ type: 'BILLING.OPEN' });
    await waitFor(manager, (s) => s.matches('open'));
    billing.send({ type: 'UPGRADE.OPEN' });
    await waitFor(manager, (s) => s.matches({ open: { upgrade: 'picking' } }));
    billing.send({ type: 'UPGRADE.CHOOSE', productId: 'unlimited-month' });
    await waitFor(manager, () => fake.left.length > 0);
    expect(fake.left).toEqual(['https://pay.test/3ds']);

    billing.send({ type: 'RETURN.CONFIRM', confirmId: 'ok' });
    await waitFor(billing, (s) => s.matches({ confirm: 'idle' }));
    billing.send({ type: 'RETURN.CONFIRM', confirmId: 'declined' });
    await waitFor(billing, (s) => s.matches({ confirm: 'idle' }));
    expect(notices).toEqual([
      { tone: 'success', message: { key: 'billing.upgradeSuccessful' } },
      { tone: 'error', message: { key: 'billing.payment' } },
    ]);
  });

  it('a trial user asking to upgrade hears a trial cannot be upgraded; the picker stays shut', async () => {
    const { billing, manager, fake, notices } = start({
      ...subscriber,
      isTrial: true,
      parsedRoles: ['Trail'],
    });
    billing.send({ type: 'BILLING.OPEN' });
    await waitFor(manager, (s) => s.matches('open'));
    billing.send({ type: 'UPGRADE.OPEN' });
    expect(notices).toEqual([{ tone: 'info', message: { key: 'billing.trialCannotUpgrade' } }]);
    expect(fake.calls.upgradeProducts).toBeUndefined();
  });

  it('a manager that cannot load stays closed and says why', async () => {
    const { billing, manager, notices } = start(subscriber, {
      detail: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    billing.send({ type: 'BILLING.OPEN' });
    await waitFor(manager, (s) => s.matches('closed') && notices.length > 0);
    expect(notices).toEqual([{ tone: 'error', message: { key: 'billing.networkError' } }]);
  });
});
