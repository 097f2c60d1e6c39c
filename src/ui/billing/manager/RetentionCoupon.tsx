// The cancel flow's retention offer: the next charge with the coupon, from the manager's preview.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { formatMoney } from '../../../machines/billing/price';
import { managerBusy } from '../../../machines/billing/selectors';
import { Modal } from '../../kit/Modal';
import type { ManagerRef } from '../use-billing';

export function RetentionCoupon({ manager }: { manager: ManagerRef }) {
  const { t } = useTranslation();
  const preview = useSelector(manager, (s) => s.context.previews.cancel);
  const busy = useSelector(manager, managerBusy);
  return (
    <>
      <Modal.Title>{t('billing.coupon.title', { percent: preview?.discountPercent ?? '' })}</Modal.Title>
      {preview && (
        <p data-testid="coupon-preview">
          {t('billing.coupon.body', {
            amount: formatMoney(preview.nextCharge, preview.symbol, currentLanguage()),
            full: formatMoney(preview.amount, preview.symbol, currentLanguage()),
          })}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => manager.send({ type: 'BILLING.BACK' })}>
          {t('billing.manage.back')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="coupon-decline"
          onClick={() => manager.send({ type: 'BILLING.NEXT' })}
        >
          {t('billing.coupon.decline')}
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="coupon-accept"
          disabled={busy}
          onClick={() => manager.send({ type: 'COUPON.ACCEPT' })}
        >
          {t('billing.coupon.accept')}
        </button>
      </div>
    </>
  );
}
