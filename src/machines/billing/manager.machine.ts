// The billing manager actor: the plan's detail, the cancel flow (leaving, the retention coupon, the student
// discount, the questionnaire, cancelled: each a named state; offers the server does not allow are skipped
// both ways), the offers' previews, the upgrade picker and the billing portal.
import { type AnyActorRef, assign, fromPromise, not, sendParent, setup } from 'xstate';
import type { BillingDetail, CouponPreview, UpgradeItem } from '../../../common/contract';
import { ApiError } from '../../api/http';
import type { BillingIO } from './io';
import { type Message, messageOf, notice } from './notice';
import { isTrialUser, type PortalOwner } from './rules';

export interface StudentForm {
  /** A code was mailed; another may be asked for from resendAt on. */
  sent: boolean;
  resendAt: number;
  error: Message | null;
}

export interface ManagerContext {
  auth: AnyActorRef;
  detail: BillingDetail | null;
  /** Which offers the server lets this subscription have before it is cancelled. */
  allow: { cancelDiscount: boolean; studentDiscount: boolean };
  /** What each offer would cost, fetched when its step shows. */
  previews: { cancel: CouponPreview | null; student: CouponPreview | null };
  student: StudentForm;
  upgradeList: UpgradeItem[];
  /** The upgrade picker's answer: this user may take the student discount instead of paying more. */
  upgradeStudentOffer: boolean;
  /** The server's refusal of the questionnaire. */
  error: Message | null;
  /** When each offer button last acted and with what input, for its leading debounce (PRESS_DEBOUNCE_MS). */
  pressedAt: Record<OfferPress, { at: number; input: string }>;
}

export type ManagerEvent =
  | { type: 'BILLING.OPEN' }
  | { type: 'BILLING.CLOSE' }
  | { type: 'BILLING.PORTAL'; owner: PortalOwner }
  | { type: 'BILLING.CANCEL_START' }
  | { type: 'BILLING.NEXT' }
  | { type: 'BILLING.BACK' }
  | { type: 'COUPON.ACCEPT' }
  | { type: 'STUDENT.SEND'; email: string }
  | { type: 'STUDENT.VERIFY'; email: string; code: string }
  | { type: 'QUESTIONNAIRE.SUBMIT'; answers: Record<string, string> }
  | { type: 'UPGRADE.OPEN' }
  | { type: 'UPGRADE.CHOOSE'; productId: string }
  | { type: 'UPGRADE.STUDENT' }
  | { type: 'UPGRADE.CLOSE' };

/** The steps of the manager a user sees, in the order of the cancel flow, then the upgrade picker. */
export type ManagerStep =
  | 'detail'
  | 'leaving'
  | 'coupon'
  | 'student'
  | 'questionnaire'
  | 'cancelled'
  | 'upgrade';

/** Leading debounces: the first press acts at once, repeats within the window are dropped. */
export const PRESS_DEBOUNCE_MS = { coupon: 500, studentSend: 2000, studentVerify: 2000 } as const;
type OfferPress = keyof typeof PRESS_DEBOUNCE_MS;
/** A student code may be asked for again after this long. */
const RESEND_MS = 59_000;

/** A press with other input (a corrected email or code) is a new request, not a repeat to drop. */
const pressInput = (event: ManagerEvent) =>
  event.type === 'STUDENT.SEND'
    ? event.email
    : event.type === 'STUDENT.VERIFY'
      ? `${event.email}\n${event.code.trim()}`
      : '';

function studentError(error: unknown): Message {
  if (error instanceof ApiError) {
    if (error.code === 10001) return { key: 'billing.student.emailFormat' };
    if (error.code === 10002) return { key: 'billing.student.codeFormat' };
    return { text: error.message };
  }
  return { key: 'billing.networkError' };
}

type Tone = 'success' | 'info' | 'error';
const tell = (tone: Tone, message: Message) => ({ type: 'NOTICE' as const, notice: notice(tone, message) });

export const createManagerMachine = (io: BillingIO) =>
  setup({
    types: {
      context: {} as ManagerContext,
      events: {} as ManagerEvent,
      input: {} as { auth: AnyActorRef },
    },
    actors: {
      loadBilling: fromPromise(async () => {
        const [detail, cancelDiscount, studentDiscount] = await Promise.all([
          io.detail(),
          io.allowCancelDiscount().catch(() => false),
          io.allowStudentDiscount().catch(() => false),
        ]);
        return { detail, allow: { cancelDiscount, studentDiscount } };
      }),
      loadPreview: fromPromise(({ input }: { input: 'cancel' | 'student' }) => io.preview(input)),
      applyCoupon: fromPromise(({ input }: { input: string }) => io.cancelDiscount(input)),
      sendStudent: fromPromise(({ input }: { input: string }) => io.toStudentCode(input)),
      verifyStudent: fromPromise(
        ({ input }: { input: { email: string; code: string; subscriptionId: string } }) =>
          io.studentCode(input.email, input.code, input.subscriptionId),
      ),
      cancel: fromPromise(
        ({ input }: { input: { subscriptionId: string; answers: Record<string, string> } }) =>
          io.cancel(input.subscriptionId, input.answers),
      ),
      loadUpgrades: fromPromise(() => io.upgradeProducts()),
      upgrade: fromPromise(({ input }: { input: string }) => io.upgrade(input)),
      portal: fromPromise(({ input }: { input: PortalOwner }) => io.portal(input, io.currentUrl())),
    },
    actions: {
      pressed: assign({
        pressedAt: ({ context, event }, params: { press: OfferPress }) => ({
          ...context.pressedAt,
          [params.press]: { at: Date.now(), input: pressInput(event) },
        }),
      }),
      refreshUser: ({ context }) => context.auth.send({ type: 'REFRESH' }),
      refreshUserTwice: ({ context }) => {
        context.auth.send({ type: 'REFRESH' });
        setTimeout(() => context.auth.send({ type: 'REFRESH' }), 5000);
      },
      tell: sendParent((_, params: { tone: Tone; key: string }) => tell(params.tone, { key: params.key })),
      tellError: sendParent(({ event }) => tell('error', messageOf((event as { error?: unknown }).error))),
    },
    guards: {
      repeatPress: ({ context, event }, params: { press: OfferPress }) => {
        const last = context.pressedAt[params.press];
        return last.input === pressInput(event) && Date.now() - last.at < PRESS_DEBOUNCE_MS[params.press];
      },
      isTrialUser: ({ context }) => isTrialUser(context.auth.getSnapshot().context.user),
      couponOffered: ({ context }) => context.allow.cancelDiscount,
      studentOffered: ({ context }) => context.allow.studentDiscount,
    },
  }).createMachine({
    id: 'manager',
    context: ({ input }) => ({
      auth: input.auth,
      detail: null,
      allow: { cancelDiscount: false, studentDiscount: false },
      previews: { cancel: null, student: null },
      student: { sent: false, resendAt: 0, error: null },
      upgradeList: [],
      upgradeStudentOffer: false,
      error: null,
      pressedAt: {
        coupon: { at: 0, input: '' },
        studentSend: { at: 0, input: '' },
        studentVerify: { at: 0, input: '' },
      },
    }),
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
            }),
          },
          onError: { target: 'closed', actions: 'tellError' },
        },
      },
      open: {
        on: {
          'BILLING.CLOSE': { target: 'closed', actions: 'refreshUser' },
          // Reload the detail (after a cancellation: back to the detail).
          'BILLING.OPEN': 'loading',
        },
        initial: 'detail',
        states: {
          detail: {
            initial: 'idle',
            on: {
              'BILLING.CANCEL_START': 'leaving',
              'UPGRADE.OPEN': [
                {
                  guard: 'isTrialUser',
                  actions: { type: 'tell', params: { tone: 'info', key: 'billing.trialCannotUpgrade' } },
                },
                { target: 'upgrade' },
              ],
            },
            states: {
              idle: { on: { 'BILLING.PORTAL': 'openingPortal' } },
              openingPortal: {
                invoke: {
                  src: 'portal',
                  input: ({ event }) => (event as Extract<ManagerEvent, { type: 'BILLING.PORTAL' }>).owner,
                  // A refusal is shown by the call itself.
                  onDone: { target: 'idle', actions: ({ event }) => io.leave(event.output) },
                  onError: 'idle',
                },
              },
            },
          },
          leaving: {
            on: {
              'BILLING.BACK': 'detail',
              'BILLING.NEXT': [
                { guard: 'couponOffered', target: 'coupon' },
                { guard: 'studentOffered', target: 'student' },
                { target: 'questionnaire' },
              ],
            },
          },
          coupon: {
            invoke: {
              src: 'loadPreview',
              input: 'cancel',
              onDone: {
                actions: assign({
                  previews: ({ context, event }) => ({ ...context.previews, cancel: event.output }),
                }),
              },
              onError: {
                actions: assign({ previews: ({ context }) => ({ ...context.previews, cancel: null }) }),
              },
            },
            on: {
              'BILLING.BACK': 'leaving',
              'BILLING.NEXT': [{ guard: 'studentOffered', target: 'student' }, { target: 'questionnaire' }],
            },
            initial: 'offered',
            states: {
              offered: {
                on: {
                  'COUPON.ACCEPT': [
                    { guard: { type: 'repeatPress', params: { press: 'coupon' } } },
                    { target: 'applying', actions: { type: 'pressed', params: { press: 'coupon' } } },
                  ],
                },
              },
              applying: {
                tags: 'busy',
                invoke: {
                  src: 'applyCoupon',
                  input: ({ context }) => context.detail?.subscriptionId ?? '',
                  onDone: {
                    target: '#manager.open.detail',
                    actions: [
                      assign({
                        detail: ({ event }) => event.output,
                        // The plan keeps its discount: no more offers before a later cancellation.
                        allow: { cancelDiscount: false, studentDiscount: false },
                      }),
                      sendParent(({ event }) =>
                        tell('success', {
                          key: 'billing.couponApplied',
                          values: { percent: event.output.discountPercent },
                        }),
                      ),
                    ],
                  },
                  onError: { target: 'offered', actions: 'tellError' },
                },
              },
            },
          },
          student: {
            invoke: {
              src: 'loadPreview',
              input: 'student',
              onDone: {
                actions: assign({
                  previews: ({ context, event }) => ({ ...context.previews, student: event.output }),
                }),
              },
              onError: {
                actions: assign({ previews: ({ context }) => ({ ...context.previews, student: null }) }),
              },
            },
            on: {
              // Reached from the upgrade picker without the offer in the cancel flow: both ways lead back to
              // the detail.
              'BILLING.BACK': [
                { guard: not('studentOffered'), target: 'detail' },
                { guard: 'couponOffered', target: 'coupon' },
                { target: 'leaving' },
              ],
              'BILLING.NEXT': [{ guard: 'studentOffered', target: 'questionnaire' }, { target: 'detail' }],
            },
            initial: 'form',
            states: {
              form: {
                on: {
                  'STUDENT.SEND': [
                    { guard: { type: 'repeatPress', params: { press: 'studentSend' } } },
                    { target: 'sending', actions: { type: 'pressed', params: { press: 'studentSend' } } },
                  ],
                  'STUDENT.VERIFY': [
                    { guard: { type: 'repeatPress', params: { press: 'studentVerify' } } },
                    { target: 'verifying', actions: { type: 'pressed', params: { press: 'studentVerify' } } },
                  ],
                },
              },
              sending: {
                tags: 'busy',
                invoke: {
                  src: 'sendStudent',
                  input: ({ event }) => (event.type === 'STUDENT.SEND' ? event.email : ''),
                  onDone: {
                    target: 'form',
                    actions: assign({
                      student: ({ context }) => ({
                        ...context.student,
                        sent: true,
                        resendAt: Date.now() + RESEND_MS,
                        error: null,
                      }),
                    }),
                  },
                  onError: {
                    target: 'form',
                    actions: assign({
                      student: ({ context, event }) => ({
                        ...context.student,
                        error: studentError(event.error),
                      }),
                    }),
                  },
                },
              },
              verifying: {
                tags: 'busy',
                invoke: {
                  src: 'verifyStudent',
                  input: ({ context, event }) => ({
                    email: event.type === 'STUDENT.VERIFY' ? event.email : '',
                    code: event.type === 'STUDENT.VERIFY' ? event.code.trim() : '',
                    subscriptionId: context.detail?.subscriptionId ?? '',
                  }),
                  onDone: {
                    target: 'verified',
                    actions: assign({
                      detail: ({ event }) => event.output,
                      student: ({ context }) => ({ ...context.student, error: null }),
                    }),
                  },
                  onError: {
                    target: 'form',
                    actions: assign({
                      student: ({ context, event }) => ({
                        ...context.student,
                        error: studentError(event.error),
                      }),
                    }),
                  },
                },
              },
              verified: {},
            },
          },
          questionnaire: {
            on: {
              'BILLING.BACK': [
                { guard: 'studentOffered', target: 'student' },
                { guard: 'couponOffered', target: 'coupon' },
                { target: 'leaving' },
              ],
            },
            initial: 'answering',
            states: {
              answering: { on: { 'QUESTIONNAIRE.SUBMIT': 'cancelling' } },
              cancelling: {
                tags: 'busy',
                entry: assign({ error: null }),
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
                    target: '#manager.open.cancelled',
                    actions: [assign({ detail: ({ event }) => event.output }), 'refreshUser'],
                  },
                  onError: {
                    target: 'answering',
                    actions: assign({ error: ({ event }) => messageOf(event.error) }),
                  },
                },
              },
            },
          },
          cancelled: {},
          upgrade: {
            on: {
              'UPGRADE.CLOSE': 'detail',
              // The picker's student notice: verify a school email for the discount instead of upgrading.
              'UPGRADE.STUDENT': 'student',
            },
            initial: 'loading',
            states: {
              loading: {
                invoke: {
                  src: 'loadUpgrades',
                  onDone: {
                    target: 'picking',
                    actions: assign({
                      upgradeList: ({ event }) => event.output.upgradeList,
                      upgradeStudentOffer: ({ event }) => event.output.studentDiscount,
                    }),
                  },
                  onError: {
                    target: '#manager.open.detail',
                    actions: { type: 'tell', params: { tone: 'error', key: 'billing.networkError' } },
                  },
                },
              },
              picking: { on: { 'UPGRADE.CHOOSE': 'upgrading' } },
              upgrading: {
                tags: 'busy',
                invoke: {
                  src: 'upgrade',
                  input: ({ event }) => (event.type === 'UPGRADE.CHOOSE' ? event.productId : ''),
                  onDone: [
                    // The card asks for 3-D Secure: its page, then back with a confirmation to check.
                    {
                      guard: ({ event }) => event.output.action === 1 && Boolean(event.output.confirmUrl),
                      actions: ({ event }) => io.leave(event.output.confirmUrl as string),
                    },
                    {
                      target: '#manager.loading',
                      actions: [
                        { type: 'tell', params: { tone: 'success', key: 'billing.upgradeSuccessful' } },
                        'refreshUserTwice',
                      ],
                    },
                  ],
                  onError: {
                    target: '#manager.loading',
                    actions: [
                      { type: 'tell', params: { tone: 'error', key: 'billing.payment' } },
                      'refreshUserTwice',
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

export type ManagerMachine = ReturnType<typeof createManagerMachine>;
