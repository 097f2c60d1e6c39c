// The cancel flow's last step: the plan runs until the end of the period it is paid for.
import { useTranslation } from 'react-i18next';
import type { BillingDetail } from '../../../../common/contract';
import { formatDate } from '../../../machines/billing/price';
import { Modal } from '../../kit/Modal';
import type { ManagerRef } from '../use-billing';

export function Cancelled({ manager, detail }: { manager: ManagerRef; detail: BillingDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Modal.Title>{t('billing.cancelled.title')}</Modal.Title>
      <p data-testid="cancel-success">
        {t('billing.cancelled.body', { date: formatDate(detail.currentPeriodEnd, detail.trial) })}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          data-testid="cancel-done"
          // Back to the detail, loaded again: it now says when the plan ends.
          onClick={() => manager.send({ type: 'BILLING.OPEN' })}
        >
          {t('billing.cancelled.done')}
        </button>
      </div>
    </>
  );
}
