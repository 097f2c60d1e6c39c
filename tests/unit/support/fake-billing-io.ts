// A billing IO for unit tests: every call answers from a plain object (or refuses), is counted, and leaving
// the app is only recorded. Stubs of the auth and login actors go with it.
import { assign, createActor, createMachine } from 'xstate';
import type { UserInfo } from '../../../common/contract';
import type { BillingIO } from '../../../src/machines/billing/io';

export type FakeBillingIO = BillingIO & { calls: Record<string, unknown[][]>; left: string[] };

const refused = (name: string) => () => Promise.reject(new Error(`${name}: no answer in this test`));

/** Calls not given answer with a refusal; `overrides` answer the rest. */
export function fakeBillingIO(overrides: Partial<BillingIO> = {}): FakeBillingIO {
  const calls: Record<string, unknown[][]> = {};
  const left: string[] = [];
  const base: BillingIO = {
    marketingActive: async () => ({ discountCoupon: null }),
    allProducts: refused('allProducts'),
    payment: refused('payment'),
    experiments: async () => [],
    checkout: refused('checkout'),
    checkoutResult: async () => ({ status: 'none' }),
    checkConfirm: refused('checkConfirm'),
    detail: async () => null,
    allowCancelDiscount: async () => false,
    allowStudentDiscount: async () => false,
    preview: refused('preview'),
    cancelDiscount: refused('cancelDiscount'),
    toStudentCode: refused('toStudentCode'),
    studentCode: refused('studentCode'),
    cancel: refused('cancel'),
    upgradeProducts: refused('upgradeProducts'),
    upgrade: refused('upgrade'),
    portal: refused('portal'),
    homeUrl: () => new URL('http://parley.test/es'),
    currentUrl: () => 'http://parley.test/es',
    leave: (url) => void left.push(url),
    sleep: async () => {},
    ...overrides,
  };
  const counted = Object.fromEntries(
    Object.entries(base).map(([name, call]) => [
      name,
      (...args: unknown[]) => {
        calls[name] = [...(calls[name] ?? []), args];
        return (call as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as BillingIO;
  return Object.assign(counted, { calls, left });
}

/** An auth actor that knows this user (until told another with USER) and counts the refreshes it is asked for. */
export function fakeAuth(user: Partial<UserInfo> | null) {
  const refreshes: number[] = [];
  const actor = createActor(
    createMachine({
      types: {} as {
        context: { user: Partial<UserInfo> | null };
        events: { type: 'REFRESH' } | { type: 'USER'; user: Partial<UserInfo> | null };
      },
      context: { user },
      on: {
        REFRESH: { actions: () => refreshes.push(Date.now()) },
        USER: { actions: assign({ user: ({ event }) => event.user }) },
      },
    }),
  ).start();
  return Object.assign(actor, { refreshes });
}

/** A login actor that counts how often it was asked to open. */
export function fakeLogin() {
  const opened: number[] = [];
  const actor = createActor(
    createMachine({ on: { OPEN: { actions: () => opened.push(Date.now()) } } }),
  ).start();
  return Object.assign(actor, { opened });
}

export const member = { isLogin: true, isPro: false, isTrial: false, membershipId: 0, parsedRoles: [] };
export const subscriber = {
  isLogin: true,
  isPro: true,
  isTrial: false,
  membershipId: 1,
  parsedRoles: ['Pro'],
};
