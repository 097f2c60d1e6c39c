// The upgrade picker: the plans above this one with the credit for the time already paid, and for students
// a way to the student discount instead.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { formatMoney } from '../../../machines/billing/price';
import { managerBusy } from '../../../machines/billing/selectors';
import { Modal } from '../../kit/Modal';
import type { ManagerRef } from '../use-billing';

export function UpgradePicker({ manager }: { manager: ManagerRef }) {
  const { t } = useTranslation();
  const list = useSelector(manager, (s) => s.context.upgradeList);
  const busy = useSelector(manager, managerBusy);
  const studentOffer = useSelector(manager, (s) => s.context.upgradeStudentOffer);
  return (
    <>
      <Modal.Title>{t('billing.upgradePicker.title')}</Modal.Title>
      {studentOffer && (
        <div className="banner student-notice" data-testid="upgrade-student-notice">
          <span>{t('billing.upgradePicker.studentNotice')}</span>
          <button
            type="button"
            className="button"
            onClick={() => manager.send({ type: 'UPGRADE.STUDENT' })}
            data-testid="upgrade-student"
          >
            {t('billing.upgradePicker.studentVerify')}
          </button>
        </div>
      )}
      {list.length === 0 && <p>{t('billing.upgradePicker.empty')}</p>}
      <div className="upgrade-list">
        {list.map((item) => (
          <section key={item.membershipId} className="plan-card" data-testid={`upgrade-${item.membershipId}`}>
            <h4>{t(`billing.manage.plans.${item.membershipId}`)}</h4>
            <ul className="small muted">
              {item.colorDetails.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {item.discountAmount > 0 && (
              <p className="small muted">
                {t('billing.upgradePicker.credit', {
                  amount: formatMoney(item.discountAmount, item.symbol, currentLanguage()),
                })}
              </p>
            )}
            <button
              type="button"
              className="button primary"
              disabled={busy}
              data-testid={`upgrade-pay-${item.membershipId}`}
              onClick={() =>
                manager.send({
                  type: 'UPGRADE.CHOOSE',
                  productId: item.productIds['0'] ?? Object.values(item.productIds)[0] ?? '',
                })
              }
            >
              {t('billing.upgradePicker.pay', {
                amount: formatMoney(item.remainAmount, item.symbol, currentLanguage()),
              })}
            </button>
          </section>
        ))}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => manager.send({ type: 'UPGRADE.CLOSE' })}>
          {t('billing.manage.back')}
        </button>
      </div>
    </>
  );
}
