// The spec's leading debounces on the pricing and billing buttons: the first press sends its request at
// once, presses within the window send nothing, the first press after the window sends again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import {
  type BillingDetail,
  type MarketingActive,
  PayProvider,
  type PayProviderId,
  type Product,
  type ProductList,
  type UserInfo,
} from '../../common/contract';
import { billingMachine, PAY_DEBOUNCE_MS, PRESS_DEBOUNCE_MS } from '../../src/machines/billing.machine';

const calls = { checkout: 0, coupon: 0, studentSend: 0, studentVerify: 0 };
afterEach(() => {
  vi.useRealTimers();
  for (const key of Object.keys(calls) as (keyof typeof calls)[]) calls[key] = 0;
});

const product = {
  membershipId: 1,
  productType: 'Pro',
  price: 999,
  subscription: 'month',
  productIds: { '0': 'pro-month-g0' },
} as unknown as Product;
const detail = { subscriptionId: 'sub_1', membershipId: 1, trial: false } as BillingDetail;
const member = { isLogin: true, isPro: false, isTrial: false, membershipId: 0, parsedRoles: [] };

// Each request fails at once, so the machine is back where a second press would act again: only the
// debounce stands between a double click and a second request.
const refuse = <T, I>(name: keyof typeof calls) =>
  fromPromise<T, I>(async () => {
    calls[name] += 1;
    throw new Error('refused');
  });
const machine = billingMachine.provide({
  actors: {
    loadDiscount: fromPromise(async (): Promise<MarketingActive> => ({ discountCoupon: null })),
    loadProducts: fromPromise(async () => ({
      products: { productVOS: [product], priceStatus: 0, trialStatus: 'none', status: 1 } as ProductList,
      providers: [{ id: PayProvider.Card as PayProviderId, name: 'Card', test: true as boolean }],
    })),
    loadExperiments: fromPromise(async (): Promise<{ key: string; value: string }[]> => []),
    loadBilling: fromPromise(async () => ({
      detail: detail as BillingDetail | null,
      allow: { cancelDiscount: true as boolean, studentDiscount: true as boolean },
    })),
    checkout: refuse<string, { product: Product; trial: boolean; provider: number; coupon: string | null }>(
      'checkout',
    ),
    applyCoupon: refuse<BillingDetail, string>('coupon'),
    sendStudent: refuse<boolean, string>('studentSend'),
    verifyStudent: refuse<BillingDetail, { email: string; code: string; subscriptionId: string }>(
      'studentVerify',
    ),
  },
});

function start() {
  const stub = (user: unknown) => createActor(createMachine({ context: { user } })).start();
  return createActor(machine, {
    input: { auth: stub(member as Partial<UserInfo>), login: stub(null) },
  }).start();
}
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('billing buttons act once per debounce window', () => {
  it('Pay: a double click starts one checkout, a click 2 s later another', async () => {
    vi.useFakeTimers();
    const actor = start();
    actor.send({ type: 'PAY.OPEN' });
    await settle();
    expect(actor.getSnapshot().matches({ pricing: { open: 'ready' } })).toBe(true);
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await settle();
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await vi.advanceTimersByTimeAsync(PAY_DEBOUNCE_MS - 1);
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await settle();
    expect(calls.checkout).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await settle();
    expect(calls.checkout).toBe(2);
  });

  it.each([
    ['coupon continue', 500, 'coupon', { type: 'COUPON.ACCEPT' }],
    ['student get code', 2000, 'studentSend', { type: 'STUDENT.SEND', email: 'a@uni.edu' }],
    ['student verify', 2000, 'studentVerify', { type: 'STUDENT.VERIFY', email: 'a@uni.edu', code: '123456' }],
  ] as const)(
    '%s: repeats within %i ms send nothing, a press after it sends again',
    async (_, ms, press, event) => {
      expect(PRESS_DEBOUNCE_MS[press]).toBe(ms);
      vi.useFakeTimers();
      const actor = start();
      actor.send({ type: 'BILLING.OPEN' });
      await settle();
      expect(actor.getSnapshot().matches({ manager: 'open' })).toBe(true);
      actor.send(event);
      await settle();
      actor.send(event);
      await vi.advanceTimersByTimeAsync(ms - 1);
      actor.send(event);
      await settle();
      expect(calls[press]).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      actor.send(event);
      await settle();
      expect(calls[press]).toBe(2);
    },
  );

  it('a corrected student email or code within the window is a new request, not a repeat', async () => {
    vi.useFakeTimers();
    const actor = start();
    actor.send({ type: 'BILLING.OPEN' });
    await settle();
    actor.send({ type: 'STUDENT.SEND', email: 'ada@gmail.com' });
    await settle();
    actor.send({ type: 'STUDENT.SEND', email: 'ada@uni.edu' });
    await settle();
    actor.send({ type: 'STUDENT.VERIFY', email: 'ada@uni.edu', code: '000000' });
    await settle();
    actor.send({ type: 'STUDENT.VERIFY', email: 'ada@uni.edu', code: ' 000000 ' });
    actor.send({ type: 'STUDENT.VERIFY', email: 'ada@uni.edu', code: '123456' });
    await settle();
    expect(calls).toMatchObject({ studentSend: 2, studentVerify: 2 });
  });
});
