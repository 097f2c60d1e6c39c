// The leading debounces on the pricing and billing buttons: the first press sends its request at once,
// presses within the window send nothing, the first press after the window sends again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type BillingDetail, PayProvider, type PayProviderId, type Product } from '../../common/contract';
import { createBillingMachine } from '../../src/machines/billing/billing.machine';
import { PRESS_DEBOUNCE_MS } from '../../src/machines/billing/manager.machine';
import { PAY_DEBOUNCE_MS } from '../../src/machines/billing/pricing.machine';
import { fakeAuth, fakeBillingIO, fakeLogin, member } from './support/fake-billing-io';

afterEach(() => vi.useRealTimers());

const product = {
  membershipId: 1,
  productType: 'Pro',
  price: 999,
  subscription: 'month',
  productIds: { '0': 'pro-month-g0' },
} as unknown as Product;
const detail = { subscriptionId: 'sub_1', membershipId: 1, trial: false } as BillingDetail;

// Each request fails at once, so the actor is back where a second press would act again: only the
// debounce stands between a double click and a second request.
function start() {
  const io = fakeBillingIO({
    allProducts: async () =>
      ({ productVOS: [product], priceStatus: 0, trialStatus: 'none', status: 1 }) as never,
    payment: async () => ({
      providers: [{ id: PayProvider.Card as PayProviderId, name: 'Card', test: true }],
    }),
    detail: async () => detail,
    allowCancelDiscount: async () => true,
    allowStudentDiscount: async () => true,
  });
  const actor = createActor(createBillingMachine(io), {
    input: { auth: fakeAuth(member), login: fakeLogin() },
  }).start();
  return { actor, io, manager: actor.getSnapshot().context.manager };
}
const settle = () => vi.advanceTimersByTimeAsync(0);
const count = (io: ReturnType<typeof fakeBillingIO>, call: string) => io.calls[call]?.length ?? 0;

describe('billing buttons act once per debounce window', () => {
  it('Pay: a double click starts one checkout, a click 2 s later another', async () => {
    vi.useFakeTimers();
    const { actor, io } = start();
    actor.send({ type: 'PAY.OPEN' });
    await settle();
    expect(actor.getSnapshot().context.pricing.getSnapshot().matches({ open: 'ready' })).toBe(true);
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await settle();
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await vi.advanceTimersByTimeAsync(PAY_DEBOUNCE_MS - 1);
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await settle();
    expect(count(io, 'checkout')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'PRICING.BUY', product, trial: false });
    await settle();
    expect(count(io, 'checkout')).toBe(2);
  });

  it.each([
    ['coupon continue', 500, 'coupon', 'cancelDiscount', 'coupon', { type: 'COUPON.ACCEPT' }],
    [
      'student get code',
      2000,
      'studentSend',
      'toStudentCode',
      'student',
      { type: 'STUDENT.SEND', email: 'a@uni.edu' },
    ],
    [
      'student verify',
      2000,
      'studentVerify',
      'studentCode',
      'student',
      { type: 'STUDENT.VERIFY', email: 'a@uni.edu', code: '123456' },
    ],
  ] as const)(
    '%s: repeats within %i ms send nothing, a press after it sends again',
    async (_, ms, press, call, step, event) => {
      expect(PRESS_DEBOUNCE_MS[press]).toBe(ms);
      vi.useFakeTimers();
      const { actor, io, manager } = start();
      actor.send({ type: 'BILLING.OPEN' });
      await settle();
      actor.send({ type: 'BILLING.CANCEL_START' });
      actor.send({ type: 'BILLING.NEXT' });
      if (step === 'student') actor.send({ type: 'BILLING.NEXT' });
      expect(manager.getSnapshot().matches({ open: step })).toBe(true);
      actor.send(event);
      await settle();
      actor.send(event);
      await vi.advanceTimersByTimeAsync(ms - 1);
      actor.send(event);
      await settle();
      expect(count(io, call)).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      actor.send(event);
      await settle();
      expect(count(io, call)).toBe(2);
    },
  );

  it('a corrected student email or code within the window is a new request, not a repeat', async () => {
    vi.useFakeTimers();
    const { actor, io } = start();
    actor.send({ type: 'BILLING.OPEN' });
    await settle();
    actor.send({ type: 'BILLING.CANCEL_START' });
    actor.send({ type: 'BILLING.NEXT' });
    actor.send({ type: 'BILLING.NEXT' });
    actor.send({ type: 'STUDENT.SEND', email: 'ada@gmail.com' });
    await settle();
    actor.send({ type: 'STUDENT.SEND', email: 'ada@uni.edu' });
    await settle();
    actor.send({ type: 'STUDENT.VERIFY', email: 'ada@uni.edu', code: '000000' });
    await settle();
    actor.send({ type: 'STUDENT.VERIFY', email: 'ada@uni.edu', code: ' 000000 ' });
    actor.send({ type: 'STUDENT.VERIFY', email: 'ada@uni.edu', code: '123456' });
    await settle();
    expect({ send: count(io, 'toStudentCode'), verify: count(io, 'studentCode') }).toEqual({
      send: 2,
      verify: 2,
    });
  });
});
