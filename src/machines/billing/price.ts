// How plans show their prices, discounts and dates, as pure functions the pricing and billing screens render
// (unit-tested). Money goes through Intl in the chosen language.
import {
  DEFAULT_ANNUAL_SAVING_PERCENT,
  type DiscountInfo,
  formatMoney,
  type Language,
  type Product,
  type TrialStatus,
} from '../../../common/contract';

/**
 * Every price the plans, billing detail, coupon and upgrade screens show is formatMoney (the contract's, also
 * the test checkout page's): the amount charged, with all of its currency's decimals, as the language writes it.
 */
export { formatMoney };

/**
 * A yearly price per month (pricing cards, the trial success): price / 12 to the cent. It is a comparison,
 * not a charge; the card also shows the yearly total that is charged.
 */
export const annualPerMonth = (cents: number, currency: string, language: Language) =>
  formatMoney(Math.round(cents / 12), currency, language);

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
