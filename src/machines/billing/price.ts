// How plans show their prices, discounts and dates, as pure functions the pricing and billing screens render
// (unit-tested). Money goes through Intl in the chosen language.
import {
  DEFAULT_ANNUAL_SAVING_PERCENT,
  type DiscountInfo,
  type Language,
  type Product,
  type TrialStatus,
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

/** YYYY-MM-DD, or MM/DD/YYYY on the trial cancel success. */
export function formatDate(iso: string, trialStyle = false): string {
  const d = new Date(iso);
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return trialStyle ? `${m}/${day}/${y}` : `${y}-${m}-${day}`;
}
