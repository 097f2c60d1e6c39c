// The billing root: spawns the pricing actor and the manager actor and passes each its events, loads the
// active discount, checks a 3-D Secure confirmation the browser comes back with, and is the one voice of
// billing: what its actors have to tell the user leaves here as emitted events (a notice to show, a payment
// for analytics), never as a toast.
import {
  type ActorRefFrom,
  type AnyActorRef,
  assign,
  emit,
  forwardTo,
  fromPromise,
  sendTo,
  setup,
} from 'xstate';
import type { ConfirmStatus, DiscountInfo } from '../../../common/contract';
import type { BillingIO } from './io';
import { createManagerMachine, type ManagerEvent } from './manager.machine';
import { type BillingNotice, notice } from './notice';
import { createPricingMachine, type PricingEvent } from './pricing.machine';

export interface BillingInput {
  /** The auth actor (user info and refreshes) and the login actor (guests are asked to log in). */
  auth: AnyActorRef;
  login: AnyActorRef;
}

/** What the actors tell the root; the root tells its listeners. */
type ChildReport = { type: 'NOTICE'; notice: BillingNotice } | { type: 'PAID'; status: 'paid' | 'trial' };

export type BillingEvent =
  | PricingEvent
  | ManagerEvent
  | ChildReport
  | { type: 'DISCOUNT.LOAD' }
  | { type: 'RETURN.CONFIRM'; confirmId: string };

/** Told to whoever listens: a notice for the user (the UI's toasts), a pay return the server confirmed (analytics). */
export type BillingEmitted = BillingNotice | { type: 'PaymentSuccess'; status: 'paid' | 'trial' };

const CONFIRM_NOTICES: Partial<Record<ConfirmStatus, BillingNotice>> = {
  succeeded: notice('success', { key: 'billing.upgradeSuccessful' }),
  processing: notice('info', { key: 'billing.processing' }),
};

export const createBillingMachine = (io: BillingIO) => {
  const pricing = createPricingMachine(io);
  const manager = createManagerMachine(io);
  return setup({
    types: {
      context: {} as BillingInput & {
        discount: DiscountInfo | null;
        pricing: ActorRefFrom<typeof pricing>;
        manager: ActorRefFrom<typeof manager>;
      },
      events: {} as BillingEvent,
      input: {} as BillingInput,
      emitted: {} as BillingEmitted,
    },
    actors: {
      pricing,
      manager,
      loadDiscount: fromPromise(() => io.marketingActive()),
      checkConfirm: fromPromise(({ input }: { input: string }) => io.checkConfirm(input)),
    },
    actions: {
      toPricing: forwardTo(({ context }) => context.pricing),
      toManager: forwardTo(({ context }) => context.manager),
      refreshUserTwice: ({ context }) => {
        context.auth.send({ type: 'REFRESH' });
        setTimeout(() => context.auth.send({ type: 'REFRESH' }), 5000);
      },
      tellDiscount: sendTo(
        ({ context }) => context.pricing,
        ({ context }) => ({ type: 'DISCOUNT.KNOWN' as const, discount: context.discount }),
      ),
    },
  }).createMachine({
    id: 'billing',
    context: ({ input, spawn }) => ({
      ...input,
      discount: null,
      pricing: spawn('pricing', { id: 'pricing', input }),
      manager: spawn('manager', { id: 'manager', input: { auth: input.auth } }),
    }),
    on: {
      // Each actor gets its own events; the screens send them all here.
      'PAY.OPEN': { actions: 'toPricing' },
      'PRICING.*': { actions: 'toPricing' },
      'CHOOSER.*': { actions: 'toPricing' },
      'RETURN.PAID': { actions: 'toPricing' },
      'RETURN.CANCELLED': { actions: 'toPricing' },
      'TRIAL_SUCCESS.CLOSE': { actions: 'toPricing' },
      'BILLING.*': { actions: 'toManager' },
      'COUPON.*': { actions: 'toManager' },
      'STUDENT.*': { actions: 'toManager' },
      'QUESTIONNAIRE.*': { actions: 'toManager' },
      'UPGRADE.*': { actions: 'toManager' },
      NOTICE: { actions: emit(({ event }) => event.notice) },
      PAID: { actions: emit(({ event }) => ({ type: 'PaymentSuccess' as const, status: event.status })) },
    },
    type: 'parallel',
    states: {
      discount: {
        initial: 'loading',
        states: {
          idle: { on: { 'DISCOUNT.LOAD': 'loading' } },
          loading: {
            invoke: {
              src: 'loadDiscount',
              onDone: {
                target: 'idle',
                actions: [assign({ discount: ({ event }) => event.output.discountCoupon }), 'tellDiscount'],
              },
              // A coupon fetch failure clears the discount.
              onError: { target: 'idle', actions: [assign({ discount: null }), 'tellDiscount'] },
            },
          },
        },
      },
      // Back from a 3-D Secure page with an upgrade's confirmation: the server says how it went.
      confirm: {
        initial: 'idle',
        states: {
          idle: { on: { 'RETURN.CONFIRM': 'checking' } },
          checking: {
            invoke: {
              src: 'checkConfirm',
              input: ({ event }) => (event.type === 'RETURN.CONFIRM' ? event.confirmId : ''),
              onDone: {
                target: 'idle',
                actions: [
                  emit(
                    ({ event }) =>
                      CONFIRM_NOTICES[event.output] ?? notice('error', { key: 'billing.payment' }),
                  ),
                  'refreshUserTwice',
                ],
              },
              onError: { target: 'idle', actions: emit(notice('error', { key: 'billing.payment' })) },
            },
          },
        },
      },
    },
  });
};

export type BillingMachine = ReturnType<typeof createBillingMachine>;
