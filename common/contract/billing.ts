// Wire contract of plans, purchase, subscriptions and billing (issue 5). Re-exported from contract.ts;
// the server imports the same types.

/** The currency code behind a symbol the server sends ($, €, £, ¥), or the code itself; null when unknown. */
const CURRENCY_OF_SYMBOL: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'CNY' };
export function currencyCodeOf(symbolOrCode: string): string | null {
  const trimmed = symbolOrCode.trim();
  return CURRENCY_OF_SYMBOL[trimmed] ?? (/^[A-Z]{3}$/.test(trimmed) ? trimmed : null);
}

/**
 * How many decimals a currency is written and charged in (USD 2, JPY 0). Amounts on the wire are whole
 * minor units of their currency (cents for USD), as the payment providers charge them.
 */
export function currencyDecimals(symbolOrCode: string): number {
  const currency = currencyCodeOf(symbolOrCode);
  if (!currency) return 2;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * An amount of minor units as `language` writes money (Intl.NumberFormat: its digits, separators and the
 * symbol's side), always with all of the currency's decimals, so the price shown is the amount charged to
 * the cent: 10070 cents is $100.70, never $100.7 (which reads as a different, rounded price).
 */
export function formatMoney(minorUnits: number, symbolOrCode: string, language: string): string {
  const decimals = currencyDecimals(symbolOrCode);
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  const amount = Math.round(minorUnits) / 10 ** decimals;
  const currency = currencyCodeOf(symbolOrCode);
  if (currency) {
    const parts = new Intl.NumberFormat(language, { style: 'currency', currency, ...digits }).formatToParts(
      amount,
    );
    // In right-to-left text the '$' of 'US$' (no direction of its own) is drawn before 'US' ('$US 8.39'):
    // the currency is isolated (FSI ... PDI) so it reads 'US$' there; left-to-right text needs nothing.
    const rtl = RIGHT_TO_LEFT.has(language.split('-')[0]);
    return parts.map((p) => (rtl && p.type === 'currency' ? `\u2068${p.value}\u2069` : p.value)).join('');
  }
  // A symbol Intl cannot name a currency for: the number as the language writes it, the server's symbol first.
  return `${symbolOrCode}${new Intl.NumberFormat(language, digits).format(amount)}`;
}

export const BillingPaths = {
  allProducts: '/api/v1/membership/allProducts',
  freeTrial: '/api/v1/membership/freeTrial',
  payment: '/api/v1/membership/payment',
  marketingActive: '/api/v1/marketing/active',
  stripeCheck: '/api/v1/stripe/check',
  stripeCheckWithTrail: '/api/v1/stripe/checkWithTrail',
  stripeCheckWithCoupon: '/api/v1/stripe/checkWithCoupon',
  stripePortal: '/api/v1/stripe/portal',
  fastspringOrder: '/api/v1/fastspring/order',
  fastspringCheck: '/api/v1/fastspring/check',
  fastspringPrice: '/api/v1/fastspring/price',
  fastspringPortal: '/api/v1/fastspring/portal',
  billingDetail: '/api/v1/billing/detail',
  cancelSubscription: '/api/v1/billing/subscription/cancel',
  allowCancelDiscount: '/api/v1/billing/allowCancelDiscount',
  allowStudentDiscount: '/api/v1/billing/allowStudentDiscount',
  cancelDiscount: '/api/v1/billing/cancelDiscount',
  detailPreview: '/api/v1/billing/detailPreview',
  toStudentCode: '/api/v1/auth/toStudentEmailValidationCode',
  studentCode: '/api/v1/auth/studentEmailValidationCode',
  upgradeProducts: '/api/v1/upgrade/upGradeProducts',
  upgradeV2: '/api/v1/upgrade/upgradeV2',
  checkConfirm: '/api/v1/upgrade/checkConfirm',
  /** Parley extension: POST -> CheckoutResult, asked when the browser comes back from a checkout. */
  checkoutResult: '/api/v1/billing/checkoutResult',
  /** Verified provider events arrive here: /api/v1/billing/webhook/{testpay|stripe|fastspring|wallet}. */
  webhook: '/api/v1/billing/webhook',
  /** The built-in test provider's hosted pages (checkout, 3-D Secure challenge), served by Parley. */
  testpay: '/pay/test',
} as const;

export const PayProvider = { Card: 0, MerchantOfRecord: 2, Wallet: 3 } as const;
export type PayProviderId = (typeof PayProvider)[keyof typeof PayProvider];

export const PriceGroup = { Other: 0, A: 1, B: 2 } as const;
export type TrialStatus = 'none' | 'Pro' | 'ProAndUnlimit';
export type ProductType = 'FREE' | 'PRO' | 'PRO+' | 'Unlimited';
export type Period = 'month' | 'year';

export interface MembershipQuota {
  membershipId: number;
  /** Standard-model messages per period; -1 means no limit. */
  gpt3Quota: number;
  /** Pro-model messages per period; -1 means no limit. */
  gpt4Quota: number;
  pdfPageQuota: number;
  uploadQuota: number;
}

export interface Product {
  membershipId: number;
  /** The products list uses Pro or Unlimited (and Pro+ where sold). */
  productType: 'Pro' | 'Unlimited' | 'ProPlus';
  /** Minor units (cents). */
  price: number;
  productPriceText: string;
  currency: string;
  strikePrice: number | null;
  /** Keyed by pay provider id (0 card, 2 merchant of record, 3 wallet). */
  productIds: Record<string, string>;
  subscription: Period;
  membership: MembershipQuota;
}

export interface ProductList {
  productVOS: Product[];
  priceStatus: number;
  trialStatus: TrialStatus;
  /** 1 when the list is for sale to this caller. */
  status: number;
  /** Parley extra: the operator's sales contact for team plans (an email address or a page), or null. */
  teamsContact: string | null;
}

export interface FreeTrialInfo {
  trialStatus: TrialStatus;
  days: number;
  /** Products that may start with the trial (yearly Pro, and yearly Unlimited with ProAndUnlimit). */
  products: Product[];
}

export interface PaymentInfo {
  /** The providers this server takes payments with, in the order the chooser lists them. */
  providers: { id: PayProviderId; name: string; test: boolean }[];
}

export interface DiscountInfo {
  monthlyDiscount: number;
  yearlyDiscount: number;
  desc: string;
  period: string;
  url: string | null;
  discountCouponCode: string;
}
export interface MarketingActive {
  discountCoupon: DiscountInfo | null;
}

/** After a return from the provider: whether this caller's subscription really changed (see checkoutResult). */
export interface CheckoutResult {
  status: 'paid' | 'trial' | 'pending' | 'none';
}

export interface CheckoutQuery {
  successUrl: string;
  cancelUrl: string;
  productId: string;
  days?: string;
  coupon?: string;
}

export interface BillingDetail {
  membershipId: number;
  subscriptionId: string;
  price: number;
  amount: number;
  nextCharge: number;
  symbol: string;
  subscriptionInterval: 'Month' | 'Year';
  discountAmount: number;
  discountPercent: number;
  discountDuration: number;
  activity: string | null;
  provider: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  canceled: boolean;
  /** Parley extra: the subscription is in its free trial. */
  trial: boolean;
  /** Parley extra: a renewal payment failed and the provider is retrying it (the plan stays paid meanwhile). */
  pastDue: boolean;
  /** Parley extra: the provider bills a price, currency or coupon that is not this plan's, so the plan is not
   * active; the payment needs the operator's attention. */
  priceMismatch: boolean;
}

export interface CouponPreview {
  discountPercent: number;
  symbol: string;
  amount: number;
  discountAmount: number;
  nextCharge: number;
  subscriptionInterval: 'Month' | 'Year';
}

export interface UpgradeItem {
  productIds: Record<string, string>;
  membershipId: number;
  subscription: Period;
  discount: number;
  discountAmount: number;
  decimalPlaces: number;
  symbol: string;
  remainAmount: number;
  greyDetails: string[];
  colorDetails: string[];
}
export interface UpgradeProducts {
  studentDiscount: boolean;
  upgradeList: UpgradeItem[];
}
export interface UpgradeResult {
  /** 1: open confirmUrl (3-D Secure); 0: done. */
  action: 0 | 1;
  confirmUrl: string | null;
  confirmId: string | null;
}
export const CONFIRM_STATUSES = [
  'canceled',
  'processing',
  'requires_action',
  'requires_capture',
  'requires_confirmation',
  'requires_payment_method',
  'succeeded',
] as const;
export type ConfirmStatus = (typeof CONFIRM_STATUSES)[number];

/**
 * The cancel questionnaire, the one copy of its rule (the server's validator and the form both read it): q1..q6
 * are answered with one of their options, q7 with text, and the options listed in CANCEL_EXTRA_TEXT need their
 * own text as well (field `q1-d` for option d of q1).
 */
export const CANCEL_OPTIONS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type CancelOption = (typeof CANCEL_OPTIONS)[number];
export const CANCEL_CHOICES = {
  q1: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
  q2: ['a', 'b', 'c', 'd'],
  q3: ['a', 'b', 'c', 'd'],
  q4: ['a', 'b', 'c', 'd', 'e'],
  q5: ['a', 'b', 'c'],
  q6: ['a', 'b', 'c', 'd'],
} as const satisfies Record<string, readonly CancelOption[]>;
export type CancelChoiceQuestion = keyof typeof CANCEL_CHOICES;
/** The question answered in words. */
export const CANCEL_TEXT_QUESTION = 'q7';
export const CANCEL_QUESTIONS = [
  ...(Object.keys(CANCEL_CHOICES) as CancelChoiceQuestion[]),
  CANCEL_TEXT_QUESTION,
] as const;
/** Options whose answer needs extra free text (field name `q1-d` ...). */
export const CANCEL_EXTRA_TEXT = { q1: ['d', 'e', 'f', 'h'], q4: ['e'] } as const satisfies Partial<
  Record<CancelChoiceQuestion, readonly CancelOption[]>
>;

/** The fields of a cancel questionnaire still to fill in (empty when it is complete). Blank text is missing. */
export function missingCancelAnswers(answers: Readonly<Record<string, unknown>>): string[] {
  const filled = (key: string) => {
    const value = answers[key];
    return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';
  };
  const chose = (question: string, option: string) => {
    const value = answers[question];
    return Array.isArray(value) ? value.includes(option) : value === option;
  };
  const missing = CANCEL_QUESTIONS.filter((question) => !filled(question)) as string[];
  for (const [question, options] of Object.entries(CANCEL_EXTRA_TEXT))
    for (const option of options)
      if (chose(question, option) && !filled(`${question}-${option}`)) missing.push(`${question}-${option}`);
  return missing;
}

export const TRIAL_DAYS = 7;
export const DEFAULT_ANNUAL_SAVING_PERCENT = 16;
/** The student-discount activity name; billing detail's activity ends with it. */
export const STUDENT_ACTIVITY = 'StudentSummer';
export const RETENTION_ACTIVITY = 'CancelRetention';

/** The test provider's cards (any future expiry and any CVC). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
  /** Stripe's 'charge fails after attaching': checkout goes through, every later charge (renewals) fails. */
  failsRenewal: '4000000000000341',
} as const;
