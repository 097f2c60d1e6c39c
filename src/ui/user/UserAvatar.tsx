import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../common/contract';
import { planBadge } from './plan';

/** The member's avatar (picture, else the first letter) with the plan badge. */
export function UserAvatar({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const badge = planBadge(user);
  const name = user.username || user.email || '?';
  const picture = user.avatar || user.picture;
  return (
    <span className="avatar" data-testid="user-avatar">
      {picture ? (
        <img src={picture} alt="" width={28} height={28} referrerPolicy="no-referrer" />
      ) : (
        <span className="avatar-letter" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span
        className={`plan-badge plan-${badge.replace('+', 'plus').toLowerCase()}`}
        data-testid="plan-badge"
        title={t('plan.badgeTitle', { plan: t(`plan.${badge}`) })}
      >
        {t(`plan.${badge}`)}
      </span>
    </span>
  );
}
