// The cancel flow's first step, "Leaving soon": keep the plan or go on to cancel.
import { useTranslation } from 'react-i18next';
import { Modal } from '../../kit/Modal';
import type { ManagerRef } from '../use-billing';

export function Leaving({ manager }: { manager: ManagerRef }) {
  const { t } = useTranslation();
  return (
    <>
      <Modal.Title>{t('billing.leaving.title')}</Modal.Title>
      <p>{t('billing.leaving.body')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => manager.send({ type: 'BILLING.BACK' })}
        >
          {t('billing.leaving.keep')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="billing-continue-cancel"
          onClick={() => manager.send({ type: 'BILLING.NEXT' })}
        >
          {t('billing.leaving.continue')}
        </button>
      </div>
    </>
  );
}
