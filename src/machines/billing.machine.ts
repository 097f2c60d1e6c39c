// Plans and billing in the app: the pricing modal (products, discount, provider chooser, checkout), pay
// return handling, and the billing manager (detail, cancel with offers and questionnaire, student discount,
// upgrade). Who may do what comes from the pure role rules in ui/billing/price-display.ts.

import i18n from 'i18next';
import { toast } from 'sonner';
import { type AnyActorRef, assign, emit, fromPromise, setup } from 'xstate';
import type {
  BillingDetail,
  ConfirmStatus,
  CouponPreview,
  DiscountInfo,
  Product,
  ProductList,
  UpgradeItem,
  UserInfo,
} from '../../common/contract';
import { accountApi } from '../api/account';
import { billingApi } from '../api/billing';
import { ApiError, type UpgradePrompt } from '../api/http';
import { userApi } from '../api/user';
import { homePath, leaveForProvider } from '../i18n';
import {
  type BillingStep,
  buyDecision,
  nextCancelStep,
  payPromptTarget,
  previousCancelStep,
} from '../ui/billing/price-display';

export interface BillingContext {
  products: ProductList | null;
  providers: { id: number; name: string }[];
  discount: DiscountInfo | null;
  /** The server's 20001 message shown on top of the pricing modal. */
  prompt: UpgradePrompt | null;
  period: 'month' | 'year';
  chooserFor: Product | null;
  paying: boolean;
  /** Bumped on a successful payment return: the success animation plays. */
  celebrations: number;
  detail: BillingDetail | null;
  step: BillingStep;
  allow: { cancelDiscount: boolean; studentDiscount: boolean };
  preview: CouponPreview | null;
  student: { email: string; sent: boolean; resendAt: number; error: string | null; done: boolean };
  upgradeList: UpgradeItem[] | null;
  /** The upgrade picker's answer: this user may take the student discount instead of paying more. */
  upgradeStudentOffer: boolean;
  busy: boolean;
  error: string | null;
  /** Experiment variants the pricing modal depends on (teams), keyed by experiment. */
  experiments: Record<string, string>;
  /** When pay was last pressed: presses within PAY_DEBOUNCE_MS are ignored (the spec's 2 s debounce). */
  lastPayAt: number;
  /** When each offer button last acted and with what input, for its leading debounce (PRESS_DEBOUNCE_MS). */
  pressedAt: Record<OfferPress, { at: number; input: string }>;
}

export type BillingEvent =
  | { type: 'DISCOUNT.LOAD' }
  | { type: 'PAY.OPEN'; prompt?: UpgradePrompt | null }
  | { type: 'PRICING.CLOSE' }
  | { type: 'PRICING.PERIOD'; period: 'month' | 'year' }
  | { type: 'PRICING.BUY'; product: Product; trial: boolean }
  | { type: 'CHOOSER.CONFIRM'; provider: number }
  | { type: 'CHOOSER.CLOSE' }
  | { type: 'RETURN.PAID' }
  | { type: 'RETURN.CANCELLED' }
  | { type: 'RETURN.CONFIRM'; confirmId: string }
  | { type: 'TRIAL_SUCCESS.CLOSE' }
  | { type: 'BILLING.OPEN' }
  | { type: 'BILLING.CLOSE' }
  | { type: 'BILLING.CANCEL_START' }
  | { type: 'BILLING.NEXT' }
  | { type: 'BILLING.BACK' }
  | { type: 'COUPON.ACCEPT' }
  | { type: 'UPGRADE.STUDENT' }
  | { type: 'STUDENT.SEND'; email: string }
  | { type: 'STUDENT.VERIFY'; email: string; code: string }
  | { type: 'QUESTIONNAIRE.SUBMIT'; answers: Record<string, string> }
  | { type: 'UPGRADE.OPEN' }
  | { type: 'UPGRADE.CHOOSE'; productId: string }
  | { type: 'UPGRADE.CLOSE' };

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('billing.networkError'));
const RESEND_MS = 59_000;
/** A return asks again this many times, this far apart, while the provider's webhook is on its way. */
const RETURN_POLLS = 5;
const RETURN_POLL_MS = 1500;
export const PAY_DEBOUNCE_MS = 2000;
/** The spec's leading debounces: the first press acts at once, repeats within the window are dropped. */
export const PRESS_DEBOUNCE_MS = { coupon: 500, studentSend: 2000, studentVerify: 2000 } as const;
type OfferPress = keyof typeof PRESS_DEBOUNCE_MS;
/** A press with other input (a corrected email or code) is a new request, not a repeat to drop. */
const pressInput = (event: BillingEvent) =>
  event.type === 'STUDENT.SEND'
    ? event.email
    : event.type === 'STUDENT.VERIFY'
      ? `${event.email}\n${event.code.trim()}`
      : '';

export interface BillingInput {
  /** The auth actor (user info and refreshes) and the login actor (guests are asked to log in). */
  auth: AnyActorRef;
  login: AnyActorRef;
}

/** Told to whoever listens (analytics): a pay return the server confirmed. */
export type BillingEmitted = { type: 'PaymentSuccess'; status: 'paid' | 'trial' };

export const billingMachine = setup({
  types: {
    context: {} as BillingContext & BillingInput,
    events: {} as BillingEvent,
    input: {} as BillingInput,
    emitted: {} as BillingEmitted,
  },
  actors: {
    loadDiscount: fromPromise(() => billingApi.marketingActive()),
    loadProducts: fromPromise(async () => {
      const [products, payment] = await Promise.all([billingApi.allProducts(), billingApi.payment()]);
      return { products, providers: payment.providers };
    }),
    // Without an answer the experiment is missing, and a missing experiment is off.
    loadExperiments: fromPromise(() => userApi.experiments(['teams']).catch(() => [])),
    checkout: fromPromise(
      async ({
        input,
      }: {
        input: { product: Product; trial: boolean; provider: number; coupon: string | null };
      }) => {
        const type = input.product.productType;
        // Back to the home in the language the user paid in (/ar, /zh, /es), not the English '/'.
        const success = new URL(homePath(), location.origin);
        success.search = new URLSearchParams({
          stripeStatus: 'success',
          stripeSubType: input.product.subscription,
          productType: type,
          productYearPrice: String(input.product.price),
        }).toString();
        const cancel = new URL(homePath(), location.origin);
        cancel.search = new URLSearchParams({ stripeStatus: 'cancel' }).toString();
        return billingApi.checkout({
          productId: input.product.productIds[String(input.provider)] ?? '',
          successUrl: success.toString(),
          cancelUrl: cancel.toString(),
          payProvider: input.provider,
          trial: input.trial,
          coupon: input.coupon ?? undefined,
        });
      },
    ),
    /** Asks the server whether the return really changed the subscription; a webhook on its way gets a few
     * seconds. A link alone (a bookmark, the back button, a guest) shows nothing. */
    loadReturn: fromPromise(async () => {
      let result = await billingApi.checkoutResult().catch(() => ({ status: 'none' as const }));
      for (let tries = 0; result.status === 'pending' && tries < RETURN_POLLS; tries++) {
        await new Promise((resolve) => setTimeout(resolve, RETURN_POLL_MS));
        result = await billingApi.checkoutResult().catch(() => ({ status: 'none' as const }));
      }
      const products = await billingApi.allProducts().catch(() => null);
      return { status: result.status, products };
    }),
    checkConfirm: fromPromise(({ input }: { input: string }) => billingApi.checkConfirm(input)),
    loadBilling: fromPromise(async () => {
      const [detail, cancelDiscount, studentDiscount] = await Promise.all([
        billingApi.detail(),
        billingApi.allowCancelDiscount().catch(() => false),
        billingApi.allowStudentDiscount().catch(() => false),
      ]);
      return { detail, allow: { cancelDiscount, studentDiscount } };
    }),
    loadPreview: fromPromise(({ input }: { input: 'cancel' | 'student' }) => billingApi.preview(input)),
    applyCoupon: fromPromise(({ input }: { input: string }) => billingApi.cancelDiscount(input)),
    sendStudent: fromPromise(({ input }: { input: string }) => billingApi.toStudentCode(input)),
    verifyStudent: fromPromise(
      ({ input }: { input: { email: string; code: string; subscriptionId: string } }) =>
        billingApi.studentCode(input.email, input.code, input.subscriptionId),
    ),
    cancel: fromPromise(({ input }: { input: { subscriptionId: string; answers: Record<string, string> } }) =>
      billingApi.cancel(input.subscriptionId, input.answers),
    ),
    loadUpgrades: fromPromise(() => billingApi.upgradeProducts()),
    upgrade: fromPromise(({ input }: { input: string }) => billingApi.upgrade(input)),
  },
  actions: {
    pressed: assign({
      pressedAt: ({ context, event }, params: { press: OfferPress }) => ({
        ...context.pressedAt,
        [params.press]: { at: Date.now(), input: pressInput(event) },
      }),
    }),
    payPressed: assign({ lastPayAt: () => Date.now() }),
    refreshUser: ({ context }) => context.auth.send({ type: 'REFRESH' }),
    refreshUserTwice: ({ context }) => {
      context.auth.send({ type: 'REFRESH' });
      setTimeout(() => context.auth.send({ type: 'REFRESH' }), 5000);
    },
  },
  guards: {
    repeatPress: ({ context, event }, params: { press: OfferPress }) => {
      const last = context.pressedAt[params.press];
      return last.input === pressInput(event) && Date.now() - last.at < PRESS_DEBOUNCE_MS[params.press];
    },
    isTrialUser: ({ context }) => {
      const user = context.auth.getSnapshot().context.user as UserInfo | null;
      return Boolean(user?.isTrial || user?.parsedRoles.includes('Trail'));
    },
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({
    ...input,
    products: null,
    providers: [],
    discount: null,
    prompt: null,
    period: 'year',
    chooserFor: null,
    paying: false,
    celebrations: 0,
    detail: null,
    step: 1,
    allow: { cancelDiscount: false, studentDiscount: false },
    preview: null,
    student: { email: '', sent: false, resendAt: 0, error: null, done: false },
    upgradeList: null,
    upgradeStudentOffer: false,
    busy: false,
    error: null,
    experiments: {},
    lastPayAt: 0,
    pressedAt: {
      coupon: { at: 0, input: '' },
      studentSend: { at: 0, input: '' },
      studentVerify: { at: 0, input: '' },
    },
  }),
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
              actions: assign({ discount: ({ event }) => event.output.discountCoupon }),
            },
            // The spec: a coupon fetch failure clears the discount.
            onError: { target: 'idle', actions: assign({ discount: null }) },
          },
        },
      },
    },
    pricing: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'PAY.OPEN': [
              {
                guard: ({ context }) => payPromptTarget(context.auth.getSnapshot().context.user) === 'login',
                actions: ({ context }) => context.login.send({ type: 'OPEN' }),
              },
              {
                guard: ({ context }) =>
                  payPromptTarget(context.auth.getSnapshot().context.user) === 'billing',
                actions: ({ self }) => self.send({ type: 'BILLING.OPEN' }),
              },
              { target: 'open', actions: assign({ prompt: ({ event }) => event.prompt ?? null }) },
            ],
            // Back from a provider: what shows depends on what the server says changed.
            'RETURN.PAID': 'returning',
            'RETURN.CANCELLED': { actions: 'refreshUser' },
          },
        },
        open: {
          initial: 'loading',
          invoke: {
            src: 'loadExperiments',
            onDone: {
              actions: assign({
                experiments: ({ event }) => Object.fromEntries(event.output.map((r) => [r.key, r.value])),
              }),
            },
          },
          on: {
            'PRICING.CLOSE': [
              // Trial users closing the pay modal see the free-trial success modal again.
              {
                guard: 'isTrialUser',
                target: 'trialSuccess',
                actions: ['refreshUser', assign({ prompt: null })],
              },
              { target: 'closed', actions: ['refreshUser', assign({ prompt: null, chooserFor: null })] },
            ],
            'PRICING.PERIOD': { actions: assign({ period: ({ event }) => event.period }) },
          },
          states: {
            loading: {
              invoke: {
                src: 'loadProducts',
                onDone: {
                  target: 'ready',
                  actions: assign({
                    products: ({ event }) => event.output.products,
                    providers: ({ event }) => event.output.providers,
                  }),
                },
                // The spec: a products failure refreshes the user and stops loading.
                onError: { target: 'ready', actions: 'refreshUser' },
              },
            },
            ready: {
              on: {
                'PRICING.BUY': [
                  { guard: ({ context }) => Date.now() - context.lastPayAt < PAY_DEBOUNCE_MS },
                  {
                    guard: ({ context }) => buyDecision(context.auth.getSnapshot().context.user) === 'login',
                    actions: ['payPressed', ({ context }) => context.login.send({ type: 'OPEN' })],
                  },
                  {
                    guard: ({ context }) =>
                      buyDecision(context.auth.getSnapshot().context.user) === 'alreadyMember',
                    actions: ['payPressed', () => toast.info(t('billing.alreadyMember'))],
                  },
                  {
                    guard: ({ context }) =>
                      buyDecision(context.auth.getSnapshot().context.user) === 'trialCannotUpgrade',
                    actions: ['payPressed', () => toast.info(t('billing.trialCannotUpgrade'))],
                  },
                  {
                    guard: ({ context }) => context.providers.length > 1,
                    target: 'choosing',
                    actions: [
                      'payPressed',
                      assign({
                        chooserFor: ({ event }) => event.product,
                        paying: ({ event }) => event.trial,
                      }),
                    ],
                  },
                  {
                    target: 'redirecting',
                    actions: assign({
                      chooserFor: ({ event }) => event.product,
                      paying: ({ event }) => event.trial,
                      lastPayAt: () => Date.now(),
                    }),
                  },
                ],
              },
            },
            choosing: {
              on: {
                'CHOOSER.CLOSE': { target: 'ready', actions: assign({ chooserFor: null }) },
                'CHOOSER.CONFIRM': {
                  target: 'redirecting',
                  actions: assign({ error: null, lastPayAt: () => Date.now() }),
                },
              },
            },
            redirecting: {
              invoke: {
                src: 'checkout',
                input: ({ context, event }) => {
                  const product = context.chooserFor as Product;
                  const trial = context.paying && product.subscription === 'year';
                  return {
                    product,
                    trial,
                    provider:
                      event.type === 'CHOOSER.CONFIRM' ? event.provider : (context.providers[0]?.id ?? 0),
                    coupon: trial ? null : (context.discount?.discountCouponCode ?? null),
                  };
                },
                onDone: { actions: ({ event }) => leaveForProvider(event.output) },
                onError: {
                  target: 'ready',
                  actions: [
                    assign({ chooserFor: null, paying: false }),
                    ({ event }) => toast.error(messageOf(event.error)),
                  ],
                },
              },
            },
          },
        },
        returning: {
          invoke: {
            src: 'loadReturn',
            onDone: [
              // A trial that just started shows the free-trial success modal; other payments the animation.
              {
                guard: ({ event }) => event.output.status === 'trial',
                target: 'trialSuccess',
                actions: [
                  'refreshUser',
                  emit({ type: 'PaymentSuccess', status: 'trial' } as const),
                  assign({ products: ({ context, event }) => event.output.products ?? context.products }),
                ],
              },
              {
                guard: ({ event }) => event.output.status === 'paid',
                target: 'closed',
                actions: [
                  'refreshUser',
                  emit({ type: 'PaymentSuccess', status: 'paid' } as const),
                  () => toast.success(t('billing.paySuccess')),
                  assign({
                    celebrations: ({ context }) => context.celebrations + 1,
                    products: ({ context, event }) => event.output.products ?? context.products,
                  }),
                ],
              },
              // Nothing changed (yet): a neutral refresh, and a word if a checkout is still being processed.
              {
                guard: ({ event }) => event.output.status === 'pending',
                target: 'closed',
                actions: ['refreshUserTwice', () => toast.info(t('billing.processing'))],
              },
              { target: 'closed', actions: 'refreshUser' },
            ],
            onError: { target: 'closed', actions: 'refreshUser' },
          },
        },
        trialSuccess: {
          on: { 'TRIAL_SUCCESS.CLOSE': 'closed', 'PAY.OPEN': 'open' },
        },
      },
    },
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
                ({ event }) => {
                  const status: ConfirmStatus = event.output;
                  if (status === 'succeeded') toast.success(t('billing.upgradeSuccessful'));
                  else if (status === 'processing') toast.info(t('billing.processing'));
                  else toast.error(t('billing.payment'));
                },
                'refreshUserTwice',
              ],
            },
            onError: { target: 'idle', actions: () => toast.error(t('billing.payment')) },
          },
        },
      },
    },
    manager: {
      initial: 'closed',
      states: {
        closed: { on: { 'BILLING.OPEN': 'loading' } },
        loading: {
          invoke: {
            src: 'loadBilling',
            onDone: {
              target: 'open',
              actions: assign({
                detail: ({ event }) => event.output.detail,
                allow: ({ event }) => event.output.allow,
                step: 1,
                busy: false,
              }),
            },
            onError: { target: 'closed', actions: ({ event }) => toast.error(messageOf(event.error)) },
          },
        },
        open: {
          on: {
            'BILLING.CLOSE': { target: 'closed', actions: [assign({ upgradeList: null }), 'refreshUser'] },
            // Reload the detail (after a cancellation, back to step 1).
            'BILLING.OPEN': 'loading',
            'BILLING.CANCEL_START': { actions: assign({ step: 2 }) },
            'BILLING.NEXT': {
              actions: assign({ step: ({ context }) => nextCancelStep(context.step, context.allow) }),
            },
            'BILLING.BACK': {
              actions: assign({ step: ({ context }) => previousCancelStep(context.step, context.allow) }),
            },
            'COUPON.ACCEPT': [
              { guard: { type: 'repeatPress', params: { press: 'coupon' } } },
              { target: '.applyingCoupon', actions: { type: 'pressed', params: { press: 'coupon' } } },
            ],
            'STUDENT.SEND': [
              { guard: { type: 'repeatPress', params: { press: 'studentSend' } } },
              { target: '.sendingStudent', actions: { type: 'pressed', params: { press: 'studentSend' } } },
            ],
            'STUDENT.VERIFY': [
              { guard: { type: 'repeatPress', params: { press: 'studentVerify' } } },
              {
                target: '.verifyingStudent',
                actions: { type: 'pressed', params: { press: 'studentVerify' } },
              },
            ],
            'QUESTIONNAIRE.SUBMIT': '.cancelling',
            'UPGRADE.OPEN': [
              { guard: 'isTrialUser', actions: () => toast.info(t('billing.trialCannotUpgrade')) },
              { target: '.loadingUpgrades' },
            ],
            'UPGRADE.CLOSE': { actions: assign({ upgradeList: null }) },
            // The picker's student notice: verify a school email for the discount instead of upgrading.
            'UPGRADE.STUDENT': {
              actions: assign({ upgradeList: null, step: 4 as const }),
            },
            'UPGRADE.CHOOSE': '.upgrading',
          },
          initial: 'idle',
          states: {
            idle: {},
            // Offers are previewed when their step shows.
            applyingCoupon: {
              entry: assign({ busy: true }),
              invoke: {
                src: 'applyCoupon',
                input: ({ context }) => context.detail?.subscriptionId ?? '',
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      detail: ({ event }) => event.output,
                      step: 1,
                      busy: false,
                      allow: { cancelDiscount: false, studentDiscount: false },
                    }),
                    ({ event }) =>
                      toast.success(t('billing.couponApplied', { percent: event.output.discountPercent })),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [assign({ busy: false }), ({ event }) => toast.error(messageOf(event.error))],
                },
              },
            },
            sendingStudent: {
              entry: assign({ busy: true }),
              invoke: {
                src: 'sendStudent',
                input: ({ event }) => (event.type === 'STUDENT.SEND' ? event.email : ''),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    busy: false,
                    student: ({ context }) => ({
                      ...context.student,
                      sent: true,
                      resendAt: Date.now() + RESEND_MS,
                      error: null,
                    }),
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    busy: false,
                    student: ({ context, event }) => ({
                      ...context.student,
                      error: studentError(event.error, 'email'),
                    }),
                  }),
                },
              },
            },
            verifyingStudent: {
              entry: assign({ busy: true }),
              invoke: {
                src: 'verifyStudent',
                input: ({ context, event }) => ({
                  email: event.type === 'STUDENT.VERIFY' ? event.email : '',
                  code: event.type === 'STUDENT.VERIFY' ? event.code.trim() : '',
                  subscriptionId: context.detail?.subscriptionId ?? '',
                }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    busy: false,
                    detail: ({ event }) => event.output,
                    student: ({ context }) => ({ ...context.student, done: true, error: null }),
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({
                    busy: false,
                    student: ({ context, event }) => ({
                      ...context.student,
                      error: studentError(event.error, 'code'),
                    }),
                  }),
                },
              },
            },
            cancelling: {
              entry: assign({ busy: true, error: null }),
              invoke: {
                src: 'cancel',
                input: ({ context, event }) => ({
                  subscriptionId: context.detail?.subscriptionId ?? '',
                  answers:
                    event.type === 'QUESTIONNAIRE.SUBMIT'
                      ? {
                          ...event.answers,
                          id: context.detail?.trial
                            ? 'freetrialCancelQuestionaire'
                            : 'billingCancelQuestionaire',
                        }
                      : {},
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ detail: ({ event }) => event.output, step: 6, busy: false }),
                    'refreshUser',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ busy: false, error: ({ event }) => messageOf(event.error) }),
                },
              },
            },
            loadingUpgrades: {
              invoke: {
                src: 'loadUpgrades',
                onDone: {
                  target: 'idle',
                  actions: assign({
                    upgradeList: ({ event }) => event.output.upgradeList,
                    upgradeStudentOffer: ({ event }) => event.output.studentDiscount,
                  }),
                },
                onError: { target: 'idle', actions: () => toast.error(t('billing.networkError')) },
              },
            },
            upgrading: {
              entry: assign({ busy: true }),
              invoke: {
                src: 'upgrade',
                input: ({ event }) => (event.type === 'UPGRADE.CHOOSE' ? event.productId : ''),
                onDone: [
                  {
                    guard: ({ event }) => event.output.action === 1 && Boolean(event.output.confirmUrl),
                    actions: ({ event }) => leaveForProvider(event.output.confirmUrl as string),
                  },
                  {
                    target: '#billing.manager.loading',
                    actions: [
                      () => toast.success(t('billing.upgradeSuccessful')),
                      'refreshUserTwice',
                      assign({ upgradeList: null }),
                    ],
                  },
                ],
                onError: {
                  target: '#billing.manager.loading',
                  actions: [
                    () => toast.error(t('billing.payment')),
                    'refreshUserTwice',
                    assign({ upgradeList: null }),
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

function studentError(error: unknown, field: 'email' | 'code'): string {
  if (error instanceof ApiError) {
    if (error.code === 10001) return t('billing.student.emailFormat');
    if (error.code === 10002) return t('billing.student.codeFormat');
    return error.message;
  }
  return t(field === 'email' ? 'billing.networkError' : 'billing.networkError');
}
