// The billing manager for a user without a subscription: a way to the pricing modal.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../kit/Modal';
import { useBilling } from '../use-billing';

export function FreeView() {
  const { t } = useTranslation();
  const billing = useBilling();
  return (
    <>
      <Modal.Title>{t('billing.manage.title')}</Modal.Title>
      <p data-testid="billing-free">{t('billing.manage.free')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => {
            billing.send({ type: 'BILLING.CLOSE' });
            billing.send({ type: 'PAY.OPEN' });
          }}
        >
          {t('billing.manage.upgradeToPro')}
        </button>
      </div>
    </>
  );
}
