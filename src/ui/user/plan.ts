import type { UserInfo } from '../../../common/contract';

export type PlanBadge = 'Free' | 'Pro' | 'Pro+' | 'Unlimited' | 'Trial';

/** The badge on the avatar, from the user info the server computed (a trial is shown as such). */
export function planBadge(
  user: Pick<UserInfo, 'isPro' | 'isProPlus' | 'isUnlimited' | 'isTrial'>,
): PlanBadge {
  if (user.isTrial) return 'Trial';
  if (user.isUnlimited) return 'Unlimited';
  if (user.isProPlus) return 'Pro+';
  if (user.isPro) return 'Pro';
  return 'Free';
}
