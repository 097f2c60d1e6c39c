// Request validators of plans and billing; the server parses with them, the client imports types only.
import { z } from 'zod';
import { CANCEL_CHOICES, type CancelOption, missingCancelAnswers } from './billing';

/** FastSpring's check: the product (and the risk-control token in its header); answers the order id. */
export const FastSpringCheckQuery = z.object({ productId: z.string().min(1).max(200) });

export const CheckoutQuery = z.object({
  successUrl: z.string().min(1).max(2000),
  cancelUrl: z.string().min(1).max(2000),
  productId: z.string().min(1).max(200),
  days: z.string().max(4).optional(),
  coupon: z.string().max(100).optional(),
  /** Which provider takes the payment (0 card, 2 merchant of record, 3 wallet); default card. */
  payProvider: z.coerce.number().int().optional(),
});

/** One of the question's options, or several of them. */
const choice = (options: readonly [CancelOption, ...CancelOption[]]) =>
  z.union([z.enum(options), z.array(z.enum(options)).min(1).max(options.length)]);
const text = z.string().trim().max(2000);

/** The cancel questionnaire; what must be filled in is missingCancelAnswers, the rule the form checks too. */
export const CancelFeedback = z
  .object({
    id: z.enum(['billingCancelQuestionaire', 'freetrialCancelQuestionaire']),
    q1: choice(CANCEL_CHOICES.q1),
    q2: choice(CANCEL_CHOICES.q2),
    q3: choice(CANCEL_CHOICES.q3),
    q4: choice(CANCEL_CHOICES.q4),
    q5: choice(CANCEL_CHOICES.q5),
    q6: choice(CANCEL_CHOICES.q6),
    q7: text,
    'q1-d': text.optional(),
    'q1-e': text.optional(),
    'q1-f': text.optional(),
    'q1-h': text.optional(),
    'q4-e': text.optional(),
  })
  .superRefine((value, ctx) => {
    for (const field of missingCancelAnswers(value))
      ctx.addIssue({ code: 'custom', message: 'billing.questionnaire', path: [field] });
  });

export const CancelRequest = z.object({
  subscriptionId: z.string().min(1).max(200),
  feedback: z.unknown(),
});

export const SubscriptionQuery = z.object({ subscriptionId: z.string().min(1).max(200) });
export const PreviewQuery = z.object({
  /** cancel: the retention coupon; student: the student discount. */
  key: z.enum(['cancel', 'student', 'StudentSummer', 'CancelRetention']),
  subscriptionId: z.string().max(200).optional(),
});
export const UpgradeQuery = z.object({
  productId: z.string().min(1).max(200),
  subscription: z.string().max(200).optional(),
});
export const ConfirmQuery = z.object({ confirmId: z.string().min(1).max(200) });
export const PortalQuery = z.object({
  customer: z.string().max(200).optional(),
  accountId: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  /** The wallet's portal (3) through the card portal's path; default the path's own provider. */
  payProvider: z.coerce.number().int().optional(),
});

export const StudentCodeRequest = z.object({ email: z.string().max(254) });
export const StudentVerifyRequest = z.object({
  email: z.string().max(254),
  code: z.string().max(20),
  subscriptionId: z.string().min(1).max(200),
});
