// The billing manager's first step: the plan, its price and discount, the renewal (or end) date, and the ways
// on: upgrade, the provider's billing portal, cancel.

import { useTranslation } from 'react-i18next';
import type { BillingDetail } from '../../../../common/contract';
import { currentLanguage } from '../../../i18n';
import { formatDate, formatMoney } from '../../../machines/billing/price';
import { canOfferUpgrade, portalOwner } from '../../../machines/billing/rules';
import { useAuthState } from '../../app/root-context';
import { Modal } from '../../kit/Modal';
import type { ManagerRef } from '../use-billing';

export function PlanDetail({ manager, detail }: { manager: ManagerRef; detail: BillingDetail }) {
  const { t } = useTranslation();
  const { user } = useAuthState();
  const owner = portalOwner(detail, user);
  const per =
    detail.subscriptionInterval === 'Year' ? t('billing.manage.perYear') : t('billing.manage.perMonth');
  return (
    <>
      <Modal.Title>{t('billing.manage.title')}</Modal.Title>
      {detail.pastDue && (
        <div className="billing-past-due" role="alert" data-testid="billing-past-due">
          <strong>{t('billing.manage.pastDue')}</strong>
          <p className="small">{t('billing.manage.pastDueBody')}</p>
        </div>
      )}
      {detail.priceMismatch && (
        <div className="billing-past-due" role="alert" data-testid="billing-price-mismatch">
          <strong>{t('billing.manage.priceMismatch')}</strong>
          <p className="small">{t('billing.manage.priceMismatchBody')}</p>
        </div>
      )}
      <dl className="billing-detail">
        <dt>{t('billing.manage.plan')}</dt>
        <dd data-testid="billing-plan">
          {t(`billing.manage.plans.${detail.membershipId}`)}
          {detail.trial ? ` · ${t('billing.manage.trial')}` : ''}
        </dd>
        <dt>{t('billing.manage.price')}</dt>
        <dd data-testid="billing-price">
          {formatMoney(detail.price, detail.symbol, currentLanguage())}
          {per}
        </dd>
        {detail.discountPercent > 0 && (
          <dd data-testid="billing-discount">
            {/* A cancelled plan is not charged again: only the discount is said, never a next charge. */}
            {detail.canceled
              ? t('billing.manage.discountOnly', { percent: detail.discountPercent })
              : t('billing.manage.discount', {
                  percent: detail.discountPercent,
                  amount: formatMoney(detail.nextCharge, detail.symbol, currentLanguage()),
                })}
          </dd>
        )}
        {detail.canceled && <dd data-testid="billing-cancelled">{t('billing.manage.cancelled')}</dd>}
        <dt data-testid="billing-date-label">
          {detail.canceled
            ? t('billing.manage.planEndsOn')
            : detail.pastDue
              ? t('billing.manage.pastDueSince')
              : t('billing.manage.nextRenewal')}
        </dt>
        <dd data-testid="billing-date">{formatDate(detail.currentPeriodEnd)}</dd>
      </dl>
      <div className="dialog-actions">
        {canOfferUpgrade(user) && !detail.trial && (
          <button
            type="button"
            className="button primary"
            data-testid="billing-upgrade"
            onClick={() => manager.send({ type: 'UPGRADE.OPEN' })}
          >
            {t('billing.manage.upgrade')}
          </button>
        )}
        {owner && (
          <button
            type="button"
            className={detail.pastDue ? 'button primary' : 'button'}
            data-testid="billing-portal"
            onClick={() => manager.send({ type: 'BILLING.PORTAL', owner })}
          >
            {t('billing.manage.manageBilling')}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="billing-cancel"
          disabled={detail.canceled}
          onClick={() => manager.send({ type: 'BILLING.CANCEL_START' })}
        >
          {detail.canceled ? t('billing.manage.cancelled') : t('billing.manage.cancel')}
        </button>
      </div>
    </>
  );
}
