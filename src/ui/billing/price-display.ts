// The price display and role rules as pure functions (unit-tested; the components only render). Money and
// dates go through Intl in the chosen language.
import {
  DEFAULT_ANNUAL_SAVING_PERCENT,
  type DiscountInfo,
  type Language,
  type Product,
  type TrialStatus,
  type UserInfo,
} from '../../../common/contract';

/** The currency code behind a symbol the server sends ($, €, £, ¥), or the code itself. */
const CURRENCY_OF_SYMBOL: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'CNY' };
const currencyCode = (symbolOrCode: string) =>
  CURRENCY_OF_SYMBOL[symbolOrCode.trim()] ??
  (/^[A-Z]{3}$/.test(symbolOrCode.trim()) ? symbolOrCode.trim() : null);

/**
 * An amount of cents as the chosen language writes money (Intl.NumberFormat): never rounded past its cents,
 * so the price on the screen is the price charged. `minDecimals` keeps the plan views' shorter forms where
 * they are exact: 1 writes 7.00 as 7.0 and 8.40 as 8.4, 0 writes 20.00 as 20; 9.99 is always 9.99.
 */
export function formatMoney(cents: number, symbolOrCode: string, language: Language, minDecimals: 0 | 1 = 0) {
  const whole = Math.round(cents);
  const decimals = whole % 10 !== 0 ? 2 : whole % 100 !== 0 ? 1 : minDecimals;
  const digits = { minimumFractionDigits: Math.max(decimals, minDecimals), maximumFractionDigits: 2 };
  const currency = currencyCode(symbolOrCode);
  if (currency)
    return new Intl.NumberFormat(language, { style: 'currency', currency, ...digits }).format(whole / 100);
  // A currency Intl does not know by this symbol: the number in the language, the server's symbol before it.
  return `${symbolOrCode}${new Intl.NumberFormat(language, digits).format(whole / 100)}`;
}

/** A yearly price per month, the same everywhere (pricing cards, the trial success): price / 12, to the cent. */
export const annualPerMonth = (cents: number, currency: string, language: Language) =>
  formatMoney(Math.round(cents / 12), currency, language, 1);
/** Monthly plans and yearly totals: price / 100. */
export const monthlyPrice = (cents: number, currency: string, language: Language) =>
  formatMoney(cents, currency, language);
/** Billing detail and coupon amounts: one decimal where that is exact. */
export const billingAmount = (cents: number, currency: string, language: Language) =>
  formatMoney(cents, currency, language, 1);
/** Upgrade prices: one decimal when the item has decimal places (where exact), else none; cents always. */
export const upgradeAmount = (cents: number, decimalPlaces: number, currency: string, language: Language) =>
  formatMoney(cents, currency, language, decimalPlaces > 0 ? 1 : 0);

/** The percent saved on a yearly plan: the yearly discount when there is one, else the default 16. */
export const annualSavingPercent = (discount: DiscountInfo | null) =>
  discount && discount.yearlyDiscount > 0
    ? Math.round(discount.yearlyDiscount * 100)
    : DEFAULT_ANNUAL_SAVING_PERCENT;
/** A discount fraction shown as a percent. */
export const discountPercent = (fraction: number) => Math.round(fraction * 100);

/**
 * The Teams card's link, or null when there is no card: it shows only in the teams experiment (variant
 * 'A'; missing is off) and only when the operator named a sales contact (an email address or a page).
 */
export function teamsContactHref(variant: string | undefined, contact: string | null, subject: string) {
  if (variant !== 'A' || !contact) return null;
  return /^https?:\/\//i.test(contact) ? contact : `mailto:${contact}?subject=${encodeURIComponent(subject)}`;
}

/** 'trial' when the yearly plan comes with the free seven-day trial, else 'subscribe'. */
export function purchaseLabel(
  product: Pick<Product, 'productType' | 'subscription'>,
  trialStatus: TrialStatus,
): 'trial' | 'subscribe' {
  if (product.subscription !== 'year') return 'subscribe';
  if (trialStatus === 'Pro' && product.productType === 'Pro') return 'trial';
  if (
    trialStatus === 'ProAndUnlimit' &&
    (product.productType === 'Pro' || product.productType === 'Unlimited')
  )
    return 'trial';
  return 'subscribe';
}

type Who = Pick<UserInfo, 'isLogin' | 'isPro' | 'isTrial' | 'membershipId' | 'parsedRoles'> | null;
const isTrialUser = (user: Who) => Boolean(user?.isTrial || user?.parsedRoles.includes('Trail'));

/** What asking to pay (upgrade button, 20001 prompt) opens for this user. */
export function payPromptTarget(user: Who): 'login' | 'pricing' | 'billing' {
  if (!user?.isLogin) return 'login';
  return user.isPro && !isTrialUser(user) ? 'billing' : 'pricing';
}

/** What choosing a plan in the pricing modal does for this user. */
export function buyDecision(user: Who): 'login' | 'alreadyMember' | 'trialCannotUpgrade' | 'pay' {
  if (!user?.isLogin) return 'login';
  // A running trial is a subscription: another plan cannot be bought on top of it.
  if (isTrialUser(user)) return 'trialCannotUpgrade';
  if (user.isPro) return 'alreadyMember';
  return 'pay';
}

/** The sidebar's upgrade button: non-pro users without a discount; with a discount, all but yearly-unlimited and trial. */
export function showUpgradeButton(user: Who, discount: DiscountInfo | null): boolean {
  if (!discount) return !user?.isPro;
  return !(user?.membershipId === 5 || isTrialUser(user));
}

/** The billing modal's Upgrade Version button is not offered to yearly-unlimited and trial users. */
export const canOfferUpgrade = (user: Who) => !(user?.membershipId === 5 || isTrialUser(user));

export type BillingStep = 1 | 2 | 3 | 4 | 5 | 6;
/** The next step going forward from 'cancel confirmation', skipping offers that are not allowed. */
export function nextCancelStep(
  from: BillingStep,
  allow: { cancelDiscount: boolean; studentDiscount: boolean },
): BillingStep {
  const order: BillingStep[] = [
    1,
    2,
    ...(allow.cancelDiscount ? [3 as const] : []),
    ...(allow.studentDiscount ? [4 as const] : []),
    5,
    6,
  ];
  return order[Math.min(order.indexOf(from) + 1, order.length - 1)] ?? 6;
}
/** Going back skips the same steps that were skipped going forward. */
export function previousCancelStep(
  from: BillingStep,
  allow: { cancelDiscount: boolean; studentDiscount: boolean },
): BillingStep {
  const order: BillingStep[] = [
    1,
    2,
    ...(allow.cancelDiscount ? [3 as const] : []),
    ...(allow.studentDiscount ? [4 as const] : []),
    5,
    6,
  ];
  return order[Math.max(order.indexOf(from) - 1, 0)] ?? 1;
}

/** The questionnaire is complete: q1..q7 answered, and the text for q1 d/e/f/h and q4 e filled in. */
export function questionnaireComplete(answers: Record<string, string>): boolean {
  for (const q of ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']) if (!answers[q]?.trim()) return false;
  for (const letter of ['d', 'e', 'f', 'h'])
    if (answers.q1 === letter && !answers[`q1-${letter}`]?.trim()) return false;
  if (answers.q4 === 'e' && !answers['q4-e']?.trim()) return false;
  return true;
}

/** YYYY-MM-DD, or MM/DD/YYYY on the trial cancel success. */
export function formatDate(iso: string, trialStyle = false): string {
  const d = new Date(iso);
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return trialStyle ? `${m}/${day}/${y}` : `${y}-${m}-${day}`;
}
