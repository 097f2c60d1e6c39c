// The billing manager's cancel flow is a walk through named steps: offers the server does not allow are
// skipped going forward and going back, each offer's preview is fetched by the manager when its step shows,
// and cancelling sends the questionnaire and lands on the cancelled step.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { BillingDetail, CouponPreview } from '../../common/contract';
import { createBillingMachine } from '../../src/machines/billing/billing.machine';
import type { BillingIO } from '../../src/machines/billing/io';
import { managerStep } from '../../src/machines/billing/selectors';
import { fakeAuth, fakeBillingIO, fakeLogin, subscriber } from './support/fake-billing-io';

const detail = { subscriptionId: 'sub_1', membershipId: 1, trial: false, canceled: false } as BillingDetail;
const preview = (discountPercent: number) =>
  ({ discountPercent, symbol: '$', amount: 999, nextCharge: 999 - discountPercent * 10 }) as CouponPreview;

async function openManager(allow: { coupon: boolean; student: boolean }, io: Partial<BillingIO> = {}) {
  const fake = fakeBillingIO({
    detail: async () => detail,
    allowCancelDiscount: async () => allow.coupon,
    allowStudentDiscount: async () => allow.student,
    preview: async (key) => preview(key === 'cancel' ? 30 : 50),
    ...io,
  });
  const auth = fakeAuth(subscriber);
  const billing = createActor(createBillingMachine(fake), { input: { auth, login: fakeLogin() } }).start();
  const manager = billing.getSnapshot().context.manager;
  billing.send({ type: 'BILLING.OPEN' });
  await waitFor(manager, (s) => s.matches('open'));
  const step = () => managerStep(manager.getSnapshot());
  const walk = (...moves: ('NEXT' | 'BACK')[]) => {
    for (const move of moves) billing.send({ type: `BILLING.${move}` });
    return step();
  };
  return { billing, manager, fake, auth, step, walk };
}

describe('the cancel flow', () => {
  it('a subscriber asked to pay (a 20001 prompt) gets the manager, not the pricing modal', async () => {
    const billing = createActor(createBillingMachine(fakeBillingIO({ detail: async () => detail })), {
      input: { auth: fakeAuth(subscriber), login: fakeLogin() },
    }).start();
    const { pricing, manager } = billing.getSnapshot().context;
    billing.send({ type: 'PAY.OPEN', prompt: { message: 'Upgrade', source: 'CHAT', shortMessage: '' } });
    await waitFor(manager, (s) => s.matches('open'));
    expect(pricing.getSnapshot().matches('closed')).toBe(true);
    expect(managerStep(manager.getSnapshot())).toBe('detail');
  });

  it('with both offers: detail, leaving, coupon, student, questionnaire, and back the same way', async () => {
    const { billing, step, walk } = await openManager({ coupon: true, student: true });
    expect(step()).toBe('detail');
    billing.send({ type: 'BILLING.CANCEL_START' });
    expect(step()).toBe('leaving');
    expect(walk('NEXT')).toBe('coupon');
    expect(walk('NEXT')).toBe('student');
    expect(walk('NEXT')).toBe('questionnaire');
    expect(walk('BACK')).toBe('student');
    expect(walk('BACK')).toBe('coupon');
    expect(walk('BACK')).toBe('leaving');
    expect(walk('BACK')).toBe('detail');
  });

  it('without offers (a trial): leaving goes straight to the questionnaire, and back', async () => {
    const { billing, walk } = await openManager({ coupon: false, student: false });
    billing.send({ type: 'BILLING.CANCEL_START' });
    expect(walk('NEXT')).toBe('questionnaire');
    expect(walk('BACK')).toBe('leaving');
  });

  it('with only the coupon: the student step is skipped both ways', async () => {
    const { billing, walk } = await openManager({ coupon: true, student: false });
    billing.send({ type: 'BILLING.CANCEL_START' });
    expect(walk('NEXT', 'NEXT')).toBe('questionnaire');
    expect(walk('BACK')).toBe('coupon');
  });

  it('with only the student offer: the coupon step is skipped both ways', async () => {
    const { billing, walk } = await openManager({ coupon: false, student: true });
    billing.send({ type: 'BILLING.CANCEL_START' });
    expect(walk('NEXT')).toBe('student');
    expect(walk('BACK')).toBe('leaving');
  });

  it('the manager fetches each offer preview when its step shows', async () => {
    const { billing, manager, fake } = await openManager({ coupon: true, student: true });
    expect(fake.calls.preview).toBeUndefined();
    billing.send({ type: 'BILLING.CANCEL_START' });
    billing.send({ type: 'BILLING.NEXT' });
    await waitFor(manager, (s) => s.context.previews.cancel !== null);
    expect(manager.getSnapshot().context.previews.cancel?.discountPercent).toBe(30);
    billing.send({ type: 'BILLING.NEXT' });
    await waitFor(manager, (s) => s.context.previews.student !== null);
    expect(manager.getSnapshot().context.previews.student?.discountPercent).toBe(50);
    expect(fake.calls.preview).toEqual([['cancel'], ['student']]);
  });

  it('the student offer reached from the upgrade picker leads back to the detail either way', async () => {
    const { billing, manager, step, walk } = await openManager(
      { coupon: true, student: false },
      { upgradeProducts: async () => ({ studentDiscount: true, upgradeList: [] }) },
    );
    billing.send({ type: 'UPGRADE.OPEN' });
    await waitFor(manager, (s) => s.matches({ open: { upgrade: 'picking' } }));
    expect(step()).toBe('upgrade');
    billing.send({ type: 'UPGRADE.STUDENT' });
    expect(step()).toBe('student');
    expect(walk('NEXT')).toBe('detail');
    billing.send({ type: 'UPGRADE.OPEN' });
    await waitFor(manager, (s) => s.matches({ open: { upgrade: 'picking' } }));
    billing.send({ type: 'UPGRADE.STUDENT' });
    expect(walk('BACK')).toBe('detail');
  });

  it('submitting the questionnaire cancels with it (named for a paid plan) and shows the cancelled step', async () => {
    const cancelled = { ...detail, canceled: true };
    const { billing, manager, fake, auth, step } = await openManager(
      { coupon: false, student: false },
      { cancel: async () => cancelled },
    );
    billing.send({ type: 'BILLING.CANCEL_START' });
    billing.send({ type: 'BILLING.NEXT' });
    const answers = { q1: 'a', q2: 'a', q3: 'a', q4: 'a', q5: 'a', q6: 'a', q7: 'why' };
    billing.send({ type: 'QUESTIONNAIRE.SUBMIT', answers });
    expect(manager.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(manager, (s) => s.matches({ open: 'cancelled' }));
    expect(step()).toBe('cancelled');
    expect(fake.calls.cancel).toEqual([['sub_1', { ...answers, id: 'billingCancelQuestionaire' }]]);
    expect(manager.getSnapshot().context.detail?.canceled).toBe(true);
    expect(auth.refreshes).toHaveLength(1);
  });

  it("a refused questionnaire stays on its step with the server's words", async () => {
    const { ApiError } = await import('../../src/api/http');
    const { billing, manager, step } = await openManager(
      { coupon: false, student: false },
      { cancel: () => Promise.reject(new ApiError('envelope', 'Please answer every question.', 400)) },
    );
    billing.send({ type: 'BILLING.CANCEL_START' });
    billing.send({ type: 'BILLING.NEXT' });
    billing.send({ type: 'QUESTIONNAIRE.SUBMIT', answers: {} });
    await waitFor(manager, (s) => s.matches({ open: { questionnaire: 'answering' } }));
    expect(step()).toBe('questionnaire');
    expect(manager.getSnapshot().context.error).toEqual({ text: 'Please answer every question.' });
  });
});
