// The billing manager's dialog: the manager actor's step on screen, one file per step beside this one. It is
// 380 wide, 532 for the questionnaire and the cancelled step.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ManagerStep } from '../../../machines/billing/manager.machine';
import { managerStep } from '../../../machines/billing/selectors';
import { Modal } from '../../kit/Modal';
import { useManager } from '../use-billing';
import { Cancelled } from './Cancelled';
import { FreeView } from './FreeView';
import { Leaving } from './Leaving';
import { PlanDetail } from './PlanDetail';
import { Questionnaire } from './Questionnaire';
import { RetentionCoupon } from './RetentionCoupon';
import { StudentDiscount } from './StudentDiscount';
import { UpgradePicker } from './UpgradePicker';

/** The step as the dialog's data-step attribute says it (the cancel flow's place, numbered for tests). */
const STEP_ATTRIBUTE: Record<ManagerStep, string> = {
  detail: '1',
  leaving: '2',
  coupon: '3',
  student: '4',
  questionnaire: '5',
  cancelled: '6',
  upgrade: 'upgrade',
};

export function BillingModal() {
  const { t } = useTranslation();
  const manager = useManager();
  const step = useSelector(manager, managerStep);
  const detail = useSelector(manager, (s) => s.context.detail);
  const wide = step === 'questionnaire' || step === 'cancelled';
  return (
    <Modal
      open={step !== null}
      onOpenChange={(next) => !next && manager.send({ type: 'BILLING.CLOSE' })}
      width={wide ? 532 : 380}
      className="billing-modal"
      testId="billing-modal"
      data-step={step ? STEP_ATTRIBUTE[step] : undefined}
      closeLabel={t('billing.manage.close')}
      closeTestId="billing-close"
    >
      {step === 'upgrade' ? (
        <UpgradePicker manager={manager} />
      ) : !detail ? (
        <FreeView />
      ) : step === 'leaving' ? (
        <Leaving manager={manager} />
      ) : step === 'coupon' ? (
        <RetentionCoupon manager={manager} />
      ) : step === 'student' ? (
        <StudentDiscount manager={manager} />
      ) : step === 'questionnaire' ? (
        <Questionnaire manager={manager} />
      ) : step === 'cancelled' ? (
        <Cancelled manager={manager} detail={detail} />
      ) : (
        <PlanDetail manager={manager} detail={detail} />
      )}
      <Modal.Description className="visually-hidden">{t('billing.manage.title')}</Modal.Description>
    </Modal>
  );
}
