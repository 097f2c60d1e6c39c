import { describe, expect, it } from 'vitest';
import {
  CANCEL_CHOICES,
  currencyDecimals,
  type DiscountInfo,
  missingCancelAnswers,
  type UserInfo,
} from '../../common/contract';
import { CancelFeedback } from '../../common/contract/billing.schema';
import {
  annualPerMonth,
  annualSavingPercent,
  discountPercent,
  formatDate,
  formatMoney,
  purchaseLabel,
} from '../../src/machines/billing/price';
import { buyDecision, payPromptTarget, showUpgradeButton } from '../../src/machines/billing/rules';

const discount: DiscountInfo = {
  monthlyDiscount: 0.2,
  yearlyDiscount: 0.3,
  desc: 'Spring',
  period: '',
  url: null,
  discountCouponCode: 'SPRING',
};
const user = (fields: Partial<UserInfo>) =>
  ({ isLogin: true, isPro: false, isTrial: false, membershipId: 0, parsedRoles: [], ...fields }) as UserInfo;

describe('price display', () => {
  it("every price is the amount charged, with all of its currency's decimals", () => {
    // 12 x $9.99 less 16% is 10070 cents a year: $100.70, never "$100.7" (read as another price).
    expect(formatMoney(10070, 'USD', 'en')).toBe('$100.70');
    expect(formatMoney(999, 'USD', 'en')).toBe('$9.99');
    expect(formatMoney(2000, 'USD', 'en')).toBe('$20.00');
    expect(formatMoney(700, '$', 'en')).toBe('$7.00');
    expect(formatMoney(5040, '€', 'en')).toBe('€50.40');
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    // A currency without minor units is charged and shown in whole units.
    expect(formatMoney(1200, 'JPY', 'en')).toBe('¥1,200');
    expect(currencyDecimals('$')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
  });
  it('the yearly price per month is price / 12 to the cent, written like every other price', () => {
    expect(annualPerMonth(10070, 'USD', 'en')).toBe('$8.39');
    expect(annualPerMonth(20150, 'USD', 'en')).toBe('$16.79');
    expect(annualPerMonth(12000, 'USD', 'en')).toBe('$10.00');
    expect(annualPerMonth(10080, 'USD', 'en')).toBe('$8.40');
  });
  it('each language writes the same amount as it writes money (Intl), decimals kept', () => {
    const rlm = '\u200f';
    const nbsp = '\u00a0';
    // Arabic isolates the currency (FSI ... PDI): right to left it still reads 'US$', never '$US'.
    expect(formatMoney(10070, 'USD', 'ar')).toBe(`${rlm}100.70${nbsp}\u2068US$\u2069`);
    expect(formatMoney(10070, 'USD', 'zh')).toBe('US$100.70');
    expect(formatMoney(10070, 'USD', 'es')).toBe(`100,70${nbsp}US$`);
    expect(formatMoney(999, 'USD', 'ar')).toBe(`${rlm}9.99${nbsp}\u2068US$\u2069`);
    expect(formatMoney(699, '$', 'es')).toBe(`6,99${nbsp}US$`);
    expect(annualPerMonth(12000, 'USD', 'es')).toBe(`10,00${nbsp}US$`);
    expect(formatMoney(1200, '$', 'ar')).toBe(`${rlm}12.00${nbsp}\u2068US$\u2069`);
    // A symbol Intl cannot name a currency for keeps the server's symbol before the number.
    expect(formatMoney(500, '₹', 'es')).toBe('₹5,00');
  });
  it('saving is 16 % unless a yearly discount exists; discounts show as percent', () => {
    expect(annualSavingPercent(null)).toBe(16);
    expect(annualSavingPercent({ ...discount, yearlyDiscount: 0 })).toBe(16);
    expect(annualSavingPercent(discount)).toBe(30);
    expect(discountPercent(0.2)).toBe(20);
  });
  it('the yearly plan offers the trial by trial status; monthly never', () => {
    expect(purchaseLabel({ productType: 'Pro', subscription: 'year' }, 'Pro')).toBe('trial');
    expect(purchaseLabel({ productType: 'Unlimited', subscription: 'year' }, 'Pro')).toBe('subscribe');
    expect(purchaseLabel({ productType: 'Unlimited', subscription: 'year' }, 'ProAndUnlimit')).toBe('trial');
    expect(purchaseLabel({ productType: 'Pro', subscription: 'month' }, 'ProAndUnlimit')).toBe('subscribe');
    expect(purchaseLabel({ productType: 'Pro', subscription: 'year' }, 'none')).toBe('subscribe');
  });
  it('dates: YYYY-MM-DD, and MM/DD/YYYY for the trial cancel success', () => {
    expect(formatDate('2026-03-04T12:00:00')).toBe('2026-03-04');
    expect(formatDate('2026-03-04T12:00:00', true)).toBe('03/04/2026');
  });
});

describe('role rules', () => {
  it('asking a pro to pay opens the billing manager; trial and free users get pricing; guests log in', () => {
    expect(payPromptTarget(null)).toBe('login');
    expect(payPromptTarget(user({ isLogin: false }))).toBe('login');
    expect(payPromptTarget(user({}))).toBe('pricing');
    expect(payPromptTarget(user({ isPro: true, membershipId: 1 }))).toBe('billing');
    expect(
      payPromptTarget(user({ isPro: true, isTrial: true, membershipId: 2, parsedRoles: ['Trail'] })),
    ).toBe('pricing');
  });
  it('a pro choosing a plan is already a member', () => {
    expect(buyDecision(user({ isPro: true, membershipId: 3 }))).toBe('alreadyMember');
    expect(buyDecision(user({}))).toBe('pay');
    expect(buyDecision(user({ isPro: true, isTrial: true, membershipId: 2 }))).toBe('trialCannotUpgrade');
    expect(buyDecision(null)).toBe('login');
  });
  it('upgrade button: non-pro without discount; with one, all but yearly unlimited and trial', () => {
    expect(showUpgradeButton(user({}), null)).toBe(true);
    expect(showUpgradeButton(user({ isPro: true, membershipId: 1 }), null)).toBe(false);
    expect(showUpgradeButton(user({ isPro: true, membershipId: 1 }), discount)).toBe(true);
    expect(showUpgradeButton(user({ isPro: true, membershipId: 5 }), discount)).toBe(false);
    expect(showUpgradeButton(user({ isPro: true, isTrial: true, membershipId: 2 }), discount)).toBe(false);
  });
});

// Which cancel steps are skipped is the manager actor's (billing-cancel-flow-walks-named-steps.test.ts).
describe('the cancel questionnaire', () => {
  it('q1..q7 are required, with text for q1 d/e/f/h and q4 e', () => {
    const complete = (answers: Record<string, string>) => missingCancelAnswers(answers).length === 0;
    const full = { q1: 'a', q2: 'a', q3: 'a', q4: 'a', q5: 'a', q6: 'a', q7: 'why' };
    expect(complete(full)).toBe(true);
    expect(complete({ ...full, q7: ' ' })).toBe(false);
    expect(complete({ ...full, q1: 'h' })).toBe(false);
    expect(complete({ ...full, q1: 'h', 'q1-h': 'other' })).toBe(true);
    expect(complete({ ...full, q4: 'e' })).toBe(false);
    expect(missingCancelAnswers({ ...full, q1: 'h', q4: 'e', q7: '' })).toEqual(['q7', 'q1-h', 'q4-e']);
  });
  it("the server's validator takes what the form offers and refuses what the rule calls missing", () => {
    const full = {
      id: 'billingCancelQuestionaire',
      q1: 'a',
      q2: 'a',
      q3: 'a',
      q4: 'a',
      q5: 'a',
      q6: 'a',
      q7: 'why',
    };
    for (const [question, options] of Object.entries(CANCEL_CHOICES))
      for (const option of options) {
        const answers = { ...full, [question]: option, [`${question}-${option}`]: 'more' };
        expect(CancelFeedback.safeParse(answers).success).toBe(true);
      }
    // q5 offers a..c only.
    expect(CancelFeedback.safeParse({ ...full, q5: 'd' }).success).toBe(false);
    const refused = CancelFeedback.safeParse({ ...full, q1: 'h', q7: '  ' });
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['q1-h', 'q7']);
  });
});
