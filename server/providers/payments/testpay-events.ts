// The built-in test provider's events on the wire: their shape and their Stripe-like signature
// (`testpay-signature: t=...,v1=HMAC-SHA256(t.body)`, 5 minutes tolerance). Shared by its card and wallet faces.
import crypto from 'node:crypto';
import { z } from 'zod';
import { EVENT_TYPES } from './events.js';
import { WebhookSignatureError } from './provider.js';

export const TESTPAY_SIGNATURE_HEADER = 'testpay-signature';
const TOLERANCE_SECONDS = 300;

export function signTestpay(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifyTestpaySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.trim().split('=', 2)));
  const timestamp = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(timestamp)) throw new WebhookSignatureError('no signature');
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('too old');
  const expected = Buffer.from(signTestpay(secret, body, timestamp).split('v1=')[1], 'hex');
  const given = Buffer.from(String(parts.v1), 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    throw new WebhookSignatureError('bad signature');
}

export const EventData = z.object({
  subscriptionId: z.string().min(1),
  userId: z.string().optional(),
  customerId: z.string().optional(),
  membershipId: z.number().int().optional(),
  productId: z.string().optional(),
  price: z.number().int().optional(),
  currency: z.string().optional(),
  interval: z.enum(['month', 'year']).optional(),
  trial: z.boolean().optional(),
  periodStart: z.number().optional(),
  periodEnd: z.number().optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  discountPercent: z.number().int().optional(),
  discountDuration: z.number().int().optional(),
  activity: z.string().nullable().optional(),
});
export type EventData = z.infer<typeof EventData>;

export const TestpayEvent = z.object({
  id: z.string().min(1),
  type: z.enum(EVENT_TYPES),
  created: z.number(),
  data: EventData,
});
export type TestpayEvent = z.infer<typeof TestpayEvent>;

export function addPeriod(from: number, period: string): number {
  const date = new Date(from);
  if (period === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}
