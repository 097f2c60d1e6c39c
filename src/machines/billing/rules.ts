// Who may do what with plans and billing, as pure functions: the billing actors decide with them and the
// screens show or hide their buttons with the same ones (unit-tested).
import { type BillingDetail, type DiscountInfo, PayProvider, type UserInfo } from '../../../common/contract';

type Who = Pick<UserInfo, 'isLogin' | 'isPro' | 'isTrial' | 'membershipId' | 'parsedRoles'> | null;

/** A running free trial ('Trail' is how the role is spelled on the wire). */
export const isTrialUser = (user: Who) => Boolean(user?.isTrial || user?.parsedRoles.includes('Trail'));

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

/**
 * The Teams card's link, or null when there is no card: it shows only in the teams experiment (variant
 * 'A'; missing is off) and only when the operator named a sales contact (an email address or a page).
 */
export function teamsContactHref(variant: string | undefined, contact: string | null, subject: string) {
  if (variant !== 'A' || !contact) return null;
  return /^https?:\/\//i.test(contact) ? contact : `mailto:${contact}?subject=${encodeURIComponent(subject)}`;
}

/** Whose billing portal "Manage billing" opens, or null when there is none to open. */
export type PortalOwner = { customer: string } | { accountId: string } | { payProvider: number };
export function portalOwner(
  detail: Pick<BillingDetail, 'provider'>,
  user: Pick<UserInfo, 'stripeCustomer' | 'fastspringCustomer'> | null,
): PortalOwner | null {
  // Wallet payers have no card customer in the user info; their portal is found by provider. A FastSpring
  // subscriber manages it on FastSpring's account page, not Stripe's portal.
  if (detail.provider === PayProvider.Wallet) return { payProvider: PayProvider.Wallet };
  if (detail.provider === PayProvider.MerchantOfRecord && user?.fastspringCustomer)
    return { accountId: user.fastspringCustomer };
  if (user?.stripeCustomer) return { customer: user.stripeCustomer };
  if (user?.fastspringCustomer) return { accountId: user.fastspringCustomer };
  return null;
}
