// Back from a payment provider, the return parameters prove nothing: the success animation and the
// free-trial modal follow only the server's checkoutResult.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { CheckoutResult, MarketingActive, ProductList, UserInfo } from '../../common/contract';
import { billingMachine } from '../../src/machines/billing.machine';

function returning(status: CheckoutResult['status']) {
  const machine = billingMachine.provide({
    actors: {
      loadDiscount: fromPromise(async (): Promise<MarketingActive> => ({ discountCoupon: null })),
      loadReturn: fromPromise(async () => ({ status, products: null as ProductList | null })),
    },
  });
  const refreshes: string[] = [];
  const auth = createActor(
    createMachine({
      context: { user: { isLogin: true, isPro: false, parsedRoles: [] } as Partial<UserInfo> },
      on: { REFRESH: { actions: () => refreshes.push('refresh') } },
    }),
  ).start();
  const login = createActor(createMachine({})).start();
  const actor = createActor(machine, { input: { auth, login } });
  const tracked: string[] = [];
  actor.on('PaymentSuccess', (event) => tracked.push(event.status));
  actor.start();
  actor.send({ type: 'RETURN.PAID' });
  return { actor, refreshes, tracked };
}

describe('a pay return', () => {
  it('that the server does not confirm (a guest, a bookmark) plays no success, only refreshes', async () => {
    const { actor, refreshes, tracked } = returning('none');
    await waitFor(actor, (s) => s.matches({ pricing: 'closed' }));
    expect(actor.getSnapshot().context.celebrations).toBe(0);
    expect(refreshes).toEqual(['refresh']);
    expect(tracked).toEqual([]);
  });

  it('confirmed as paid plays the success animation once', async () => {
    const { actor, tracked } = returning('paid');
    await waitFor(actor, (s) => s.matches({ pricing: 'closed' }));
    expect(actor.getSnapshot().context.celebrations).toBe(1);
    // Analytics hears of it once, as paid.
    expect(tracked).toEqual(['paid']);
  });

  it('confirmed as a trial opens the free-trial modal, without the animation', async () => {
    const { actor, tracked } = returning('trial');
    await waitFor(actor, (s) => s.matches({ pricing: 'trialSuccess' }));
    expect(actor.getSnapshot().context.celebrations).toBe(0);
    expect(tracked).toEqual(['trial']);
  });
});
