// Plans and billing: the catalogue (seeded at start-up), provider customers, verified provider events and
// the subscription state folded from them; plus the built-in test provider's own records.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './user.js';

/** Memberships 0..7 with their quotas per period (-1 = no limit). */
export const memberships = pgTable('billing_memberships', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  productType: text('product_type').notNull(),
  period: text('period'),
  gpt3Quota: integer('gpt3_quota').notNull(),
  gpt4Quota: integer('gpt4_quota').notNull(),
  pdfPageQuota: integer('pdf_page_quota').notNull(),
  uploadQuota: integer('upload_quota').notNull(),
});

/** A sellable plan at one price in one price test group. */
export const products = pgTable(
  'billing_products',
  {
    id: text('id').primaryKey(),
    membershipId: integer('membership_id').notNull(),
    priceGroup: integer('price_group').notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    strikePrice: integer('strike_price'),
    period: text('period').notNull(),
    productType: text('product_type').notNull(),
  },
  (t) => [uniqueIndex('billing_products_group_idx').on(t.membershipId, t.priceGroup)],
);

/** The provider's own id for a product (price id at Stripe, product path at FastSpring ...). */
export const providerProducts = pgTable(
  'billing_provider_products',
  {
    provider: integer('provider').notNull(),
    providerProductId: text('provider_product_id').notNull(),
    productId: text('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerProductId] })],
);

export const billingSettings = pgTable('billing_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Coupons: marketing (shown in the pricing modal), retention (offered on cancel), student. */
export const coupons = pgTable('billing_coupons', {
  code: text('code').primaryKey(),
  kind: text('kind', { enum: ['marketing', 'retention', 'student'] }).notNull(),
  monthlyDiscount: doublePrecision('monthly_discount').notNull(),
  yearlyDiscount: doublePrecision('yearly_discount').notNull(),
  durationMonths: integer('duration_months').notNull(),
  description: text('description').notNull(),
  period: text('period').notNull().default(''),
  url: text('url'),
  active: boolean('active').notNull().default(false),
});

export const billingCustomers = pgTable(
  'billing_customers',
  {
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.customerId] }),
    index('billing_customers_user_idx').on(t.userId),
  ],
);

/** Every verified provider event, once (provider + event id); the subscription is folded from these. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    type: text('type').notNull(),
    occurredAt: bigint('occurred_at', { mode: 'number' }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('billing_events_subscription_idx').on(t.provider, t.subscriptionId),
  ],
);

/** The folded state of one subscription (a cache of its events: always rebuildable from billing_events). */
export const subscriptions = pgTable(
  'billing_subscriptions',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'expired'] }).notNull(),
    membershipId: integer('membership_id').notNull(),
    productId: text('product_id'),
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    interval: text('interval').notNull().default('month'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trial: boolean('trial').notNull().default(false),
    discountPercent: integer('discount_percent').notNull().default(0),
    discountDuration: integer('discount_duration').notNull().default(0),
    activity: text('activity'),
    /** The provider bills what the catalogue does not (price, currency or coupon): the plan is not granted. */
    priceMismatch: boolean('price_mismatch').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] }), index('billing_subscriptions_user_idx').on(t.userId)],
);

/** One trial per user, ever. */
export const trialsUsed = pgTable('billing_trials_used', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Emails of deleted accounts that had taken a trial or a plan, as keyed hashes (HMAC-SHA256 with a secret only
 * the server holds, over the address as login normalises it): signing up again with the same address gets no
 * second trial, and no address of a deleted account is kept in the clear. */
export const trialTakenEmails = pgTable('billing_trial_taken_emails', {
  emailHash: text('email_hash').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** The checkout a user has open at a provider: a second one for the same offer answers this one again, and a
 * different one expires it first, so two checkouts opened before paying cannot both charge. */
export const openCheckouts = pgTable('billing_open_checkouts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** product, trial days and coupon: what makes two checkouts the same offer. */
  offer: text('offer').notNull(),
  sessionId: text('session_id').notNull(),
  url: text('url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a user used, one row per metered call or new document. Kept when chats or documents are deleted,
 * so a quota counts what was used, not what is still stored. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** chat, regenerate, presentation, flowchart, image, askai: a model call; upload: a new document; pages: the pages a document read again gained. */
    kind: text('kind').notNull(),
    /** standard or pro for a model call (which quota it counts in); null for an upload. */
    modelClass: text('model_class'),
    /** Pages of an upload; 1 for a model call. */
    amount: integer('amount').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_records_user_created_idx').on(t.userId, t.createdAt)],
);

// ---- The built-in test provider's own books (it plays a remote provider inside Parley) -------------

export const testpaySessions = pgTable('testpay_sessions', {
  id: text('id').primaryKey(),
  /** Which of the test provider's faces owns the row: 'testpay' (card) or 'testwallet'. */
  provider: text('provider').notNull().default('testpay'),
  kind: text('kind', { enum: ['checkout', 'upgrade'] }).notNull(),
  userId: text('user_id').notNull(),
  productId: text('product_id').notNull(),
  trialDays: integer('trial_days').notNull().default(0),
  coupon: text('coupon'),
  subscriptionId: text('subscription_id'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** The payment intent status (one of seven 3-D Secure statuses). */
  status: text('status').notNull().default('requires_payment_method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testpaySubscriptions = pgTable('testpay_subscriptions', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull().default('testpay'),
  customerId: text('customer_id').notNull(),
  userId: text('user_id').notNull(),
  productId: text('product_id').notNull(),
  card: text('card').notNull(),
  status: text('status').notNull(),
  periodStart: bigint('period_start', { mode: 'number' }).notNull(),
  periodEnd: bigint('period_end', { mode: 'number' }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  trial: boolean('trial').notNull().default(false),
  discountPercent: integer('discount_percent').notNull().default(0),
  discountDuration: integer('discount_duration').notNull().default(0),
  activity: text('activity'),
  /** Failed charges of the current renewal (0 while paid up); past due retries on the configured days. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

/** Webhooks the test provider still has to deliver; kept until Parley answers 2xx, so they survive restarts. */
export const testpayOutbox = pgTable(
  'testpay_outbox',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull().default('testpay'),
    eventId: text('event_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('testpay_outbox_pending_idx').on(t.seq).where(sql`${t.deliveredAt} is null`)],
);

/** Student email verification codes (hashed, single use, a few tries), like login codes. */
export const studentCodes = pgTable('billing_student_codes', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  email: text('email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Why people cancel: the questionnaire answers given with a cancellation. */
export const cancelFeedback = pgTable('billing_cancel_feedback', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscriptionId: text('subscription_id').notNull(),
  answers: jsonb('answers').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
