// Request validators of plans and billing; the server parses with them, the client imports types only.
import { z } from 'zod';

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

const option = z.enum(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
const answer = z.union([option, z.array(option).min(1).max(8)]);
const text = z.string().trim().max(2000);
const needsText = (value: string | string[] | undefined, letters: readonly string[]) =>
  letters.some((l) => (Array.isArray(value) ? value.includes(l as never) : value === l));

/** The cancel questionnaire: q1..q7 all required; options d/e/f/h of q1 and e of q4 need their text. */
export const CancelFeedback = z
  .object({
    id: z.enum(['billingCancelQuestionaire', 'freetrialCancelQuestionaire']),
    q1: answer,
    q2: answer,
    q3: answer,
    q4: answer,
    q5: answer,
    q6: answer,
    q7: text.pipe(z.string().min(1)),
    'q1-d': text.optional(),
    'q1-e': text.optional(),
    'q1-f': text.optional(),
    'q1-h': text.optional(),
    'q4-e': text.optional(),
  })
  .superRefine((value, ctx) => {
    for (const letter of ['d', 'e', 'f', 'h'] as const)
      if (needsText(value.q1, [letter]) && !value[`q1-${letter}`])
        ctx.addIssue({ code: 'custom', message: 'billing.questionnaire', path: [`q1-${letter}`] });
    if (needsText(value.q4, ['e']) && !value['q4-e'])
      ctx.addIssue({ code: 'custom', message: 'billing.questionnaire', path: ['q4-e'] });
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
