// Back from a payment provider, the return parameters prove nothing: the success animation and the
// free-trial modal follow only the server's checkoutResult.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CheckoutResult } from '../../common/contract';
import { createBillingMachine } from '../../src/machines/billing/billing.machine';
import { fakeAuth, fakeBillingIO, fakeLogin, member } from './support/fake-billing-io';

function returning(status: CheckoutResult['status']) {
  const io = fakeBillingIO({ checkoutResult: async () => ({ status }) });
  const auth = fakeAuth(member);
  const actor = createActor(createBillingMachine(io), { input: { auth, login: fakeLogin() } });
  const tracked: string[] = [];
  actor.on('PaymentSuccess', (event) => tracked.push(event.status));
  actor.start();
  actor.send({ type: 'RETURN.PAID' });
  return { pricing: actor.getSnapshot().context.pricing, refreshes: auth.refreshes, tracked };
}

describe('a pay return', () => {
  it('that the server does not confirm (a guest, a bookmark) plays no success, only refreshes', async () => {
    const { pricing, refreshes, tracked } = returning('none');
    await waitFor(pricing, (s) => s.matches('closed'));
    expect(pricing.getSnapshot().context.celebrations).toBe(0);
    expect(refreshes).toHaveLength(1);
    expect(tracked).toEqual([]);
  });

  it('confirmed as paid plays the success animation once', async () => {
    const { pricing, tracked } = returning('paid');
    await waitFor(pricing, (s) => s.matches('closed'));
    expect(pricing.getSnapshot().context.celebrations).toBe(1);
    // Analytics hears of it once, as paid.
    expect(tracked).toEqual(['paid']);
  });

  it('confirmed as a trial opens the free-trial modal, without the animation', async () => {
    const { pricing, tracked } = returning('trial');
    await waitFor(pricing, (s) => s.matches('trialSuccess'));
    expect(pricing.getSnapshot().context.celebrations).toBe(0);
    expect(tracked).toEqual(['trial']);
  });
});
