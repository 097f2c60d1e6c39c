// The pricing actor: the purchase modal (products, period, the provider chooser, checkout) and what happens
// when the browser comes back from a provider (the server says whether anything was paid).
import { type AnyActorRef, assign, fromPromise, sendParent, setup } from 'xstate';
import type { DiscountInfo, Product, ProductList, UserInfo } from '../../../common/contract';
import type { UpgradePrompt } from '../../api/http';
import type { BillingIO } from './io';
import { messageOf, notice } from './notice';
import { buyDecision, isTrialUser, payPromptTarget } from './rules';

export interface PricingContext {
  auth: AnyActorRef;
  login: AnyActorRef;
  products: ProductList | null;
  providers: { id: number; name: string }[];
  /** The active discount coupon, told by the billing root once it is known. */
  discount: DiscountInfo | null;
  /** The server's 20001 message shown on top of the pricing modal. */
  prompt: UpgradePrompt | null;
  period: 'month' | 'year';
  /** The plan being bought, and whether with the free trial. */
  chosen: Product | null;
  trial: boolean;
  /** Bumped on a successful payment return: the success animation plays. */
  celebrations: number;
  /** Experiment variants the pricing modal depends on (teams), keyed by experiment. */
  experiments: Record<string, string>;
  /** When pay was last pressed: presses within PAY_DEBOUNCE_MS are ignored. */
  lastPayAt: number;
}

export type PricingEvent =
  | { type: 'DISCOUNT.KNOWN'; discount: DiscountInfo | null }
  | { type: 'PAY.OPEN'; prompt?: UpgradePrompt | null }
  | { type: 'PRICING.CLOSE' }
  | { type: 'PRICING.PERIOD'; period: 'month' | 'year' }
  | { type: 'PRICING.BUY'; product: Product; trial: boolean }
  | { type: 'CHOOSER.CONFIRM'; provider: number }
  | { type: 'CHOOSER.CLOSE' }
  | { type: 'RETURN.PAID' }
  | { type: 'RETURN.CANCELLED' }
  | { type: 'TRIAL_SUCCESS.CLOSE' };

export interface PricingInput {
  /** The auth actor (user info and refreshes) and the login actor (guests are asked to log in). */
  auth: AnyActorRef;
  login: AnyActorRef;
}

/** A second press of Pay within this window is a double click, not a second checkout. */
export const PAY_DEBOUNCE_MS = 2000;
/** A return asks again this many times, this far apart, while the provider's webhook is on its way. */
const RETURN_POLLS = 5;
const RETURN_POLL_MS = 1500;

const userOf = (auth: AnyActorRef) => auth.getSnapshot().context.user as UserInfo | null;

export const createPricingMachine = (io: BillingIO) =>
  setup({
    types: {
      context: {} as PricingContext,
      events: {} as PricingEvent,
      input: {} as PricingInput,
    },
    actors: {
      loadProducts: fromPromise(async () => {
        const [products, payment] = await Promise.all([io.allProducts(), io.payment()]);
        return { products, providers: payment.providers };
      }),
      // Without an answer the experiment is missing, and a missing experiment is off.
      loadExperiments: fromPromise(() => io.experiments(['teams']).catch(() => [])),
      checkout: fromPromise(
        ({
          input,
        }: {
          input: { product: Product; trial: boolean; provider: number; coupon: string | null };
        }) => {
          const success = io.homeUrl();
          success.search = new URLSearchParams({
            stripeStatus: 'success',
            stripeSubType: input.product.subscription,
            productType: input.product.productType,
            productYearPrice: String(input.product.price),
          }).toString();
          const cancel = io.homeUrl();
          cancel.search = new URLSearchParams({ stripeStatus: 'cancel' }).toString();
          return io.checkout({
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
        const ask = () => io.checkoutResult().catch(() => ({ status: 'none' as const }));
        let result = await ask();
        for (let tries = 0; result.status === 'pending' && tries < RETURN_POLLS; tries++) {
          await io.sleep(RETURN_POLL_MS);
          result = await ask();
        }
        const products = await io.allProducts().catch(() => null);
        return { status: result.status, products };
      }),
    },
    actions: {
      refreshUser: ({ context }) => context.auth.send({ type: 'REFRESH' }),
      refreshUserTwice: ({ context }) => {
        context.auth.send({ type: 'REFRESH' });
        setTimeout(() => context.auth.send({ type: 'REFRESH' }), 5000);
      },
      openLogin: ({ context }) => context.login.send({ type: 'OPEN' }),
      // The plans open again once the guest has logged in, with the message that asked them to pay.
      openLoginNextPay: ({ context, event }) =>
        context.login.send({
          type: 'OPEN',
          next: { type: 'PAY.OPEN', prompt: event.type === 'PAY.OPEN' ? event.prompt : undefined },
        }),
      payPressed: assign({ lastPayAt: () => Date.now() }),
      tell: sendParent((_, params: { tone: 'success' | 'info' | 'error'; key: string }) => ({
        type: 'NOTICE' as const,
        notice: notice(params.tone, { key: params.key }),
      })),
    },
    guards: {
      isTrialUser: ({ context }) => isTrialUser(userOf(context.auth)),
      payOpensLogin: ({ context }) => payPromptTarget(userOf(context.auth)) === 'login',
      payOpensBilling: ({ context }) => payPromptTarget(userOf(context.auth)) === 'billing',
      repeatPay: ({ context }) => Date.now() - context.lastPayAt < PAY_DEBOUNCE_MS,
      buy: ({ context }, params: { decision: ReturnType<typeof buyDecision> }) =>
        buyDecision(userOf(context.auth)) === params.decision,
      severalProviders: ({ context }) => context.providers.length > 1,
    },
  }).createMachine({
    id: 'pricing',
    context: ({ input }) => ({
      ...input,
      products: null,
      providers: [],
      discount: null,
      prompt: null,
      period: 'year',
      chosen: null,
      trial: false,
      celebrations: 0,
      experiments: {},
      lastPayAt: 0,
    }),
    on: {
      'DISCOUNT.KNOWN': { actions: assign({ discount: ({ event }) => event.discount }) },
    },
    initial: 'closed',
    states: {
      closed: {
        on: {
          'PAY.OPEN': [
            { guard: 'payOpensLogin', actions: 'openLoginNextPay' },
            // A member asked to pay manages the plan they have instead.
            { guard: 'payOpensBilling', actions: sendParent({ type: 'BILLING.OPEN' }) },
            { target: 'open', actions: assign({ prompt: ({ event }) => event.prompt ?? null }) },
          ],
          // Back from a provider: what shows depends on what the server says changed.
          'RETURN.PAID': 'returning',
          'RETURN.CANCELLED': {
            actions: ['refreshUser', { type: 'tell', params: { tone: 'info', key: 'billing.payCancelled' } }],
          },
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
            { target: 'closed', actions: ['refreshUser', assign({ prompt: null, chosen: null })] },
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
              // A products failure refreshes the user and stops loading.
              onError: { target: 'ready', actions: 'refreshUser' },
            },
          },
          ready: {
            on: {
              'PRICING.BUY': [
                { guard: 'repeatPay' },
                {
                  guard: { type: 'buy', params: { decision: 'login' } },
                  actions: ['payPressed', 'openLogin'],
                },
                {
                  guard: { type: 'buy', params: { decision: 'alreadyMember' } },
                  actions: [
                    'payPressed',
                    { type: 'tell', params: { tone: 'info', key: 'billing.alreadyMember' } },
                  ],
                },
                {
                  guard: { type: 'buy', params: { decision: 'trialCannotUpgrade' } },
                  actions: [
                    'payPressed',
                    { type: 'tell', params: { tone: 'info', key: 'billing.trialCannotUpgrade' } },
                  ],
                },
                {
                  guard: 'severalProviders',
                  target: 'choosing',
                  actions: [
                    'payPressed',
                    assign({ chosen: ({ event }) => event.product, trial: ({ event }) => event.trial }),
                  ],
                },
                {
                  target: 'redirecting',
                  actions: [
                    'payPressed',
                    assign({ chosen: ({ event }) => event.product, trial: ({ event }) => event.trial }),
                  ],
                },
              ],
            },
          },
          choosing: {
            on: {
              'CHOOSER.CLOSE': { target: 'ready', actions: assign({ chosen: null }) },
              'CHOOSER.CONFIRM': { target: 'redirecting', actions: 'payPressed' },
            },
          },
          redirecting: {
            invoke: {
              src: 'checkout',
              input: ({ context, event }) => {
                const product = context.chosen as Product;
                // The free trial comes only with a yearly plan, and never together with the discount coupon.
                const trial = context.trial && product.subscription === 'year';
                return {
                  product,
                  trial,
                  provider:
                    event.type === 'CHOOSER.CONFIRM' ? event.provider : (context.providers[0]?.id ?? 0),
                  coupon: trial ? null : (context.discount?.discountCouponCode ?? null),
                };
              },
              onDone: { actions: ({ event }) => io.leave(event.output) },
              onError: {
                target: 'ready',
                actions: [
                  assign({ chosen: null, trial: false }),
                  sendParent(({ event }) => ({
                    type: 'NOTICE' as const,
                    notice: notice('error', messageOf(event.error)),
                  })),
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
                sendParent({ type: 'PAID', status: 'trial' }),
                assign({ products: ({ context, event }) => event.output.products ?? context.products }),
              ],
            },
            {
              guard: ({ event }) => event.output.status === 'paid',
              target: 'closed',
              actions: [
                'refreshUser',
                sendParent({ type: 'PAID', status: 'paid' }),
                { type: 'tell', params: { tone: 'success', key: 'billing.paySuccess' } },
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
              actions: [
                'refreshUserTwice',
                { type: 'tell', params: { tone: 'info', key: 'billing.processing' } },
              ],
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
  });

export type PricingMachine = ReturnType<typeof createPricingMachine>;
