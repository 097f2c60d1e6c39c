// The student discount step: a school email, the mailed code, then the discount applied. Reached in the
// cancel flow or from the upgrade picker's student notice.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { managerBusy, studentVerified } from '../../../machines/billing/selectors';
import { Modal } from '../../kit/Modal';
import { toast } from '../../kit/toast';
import { type ManagerRef, say } from '../use-billing';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function StudentDiscount({ manager }: { manager: ManagerRef }) {
  const { t } = useTranslation();
  const preview = useSelector(manager, (s) => s.context.previews.student);
  const student = useSelector(manager, (s) => s.context.student);
  const verified = useSelector(manager, studentVerified);
  const busy = useSelector(manager, managerBusy);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const wait = Math.max(0, Math.ceil((student.resendAt - now) / 1000));
  const emailOk = EMAIL.test(email.trim());
  if (verified)
    return (
      <>
        <Modal.Title>{t('billing.student.title')}</Modal.Title>
        <p data-testid="student-success">
          {t('billing.student.success', { percent: preview?.discountPercent ?? '' })}
        </p>
        <div className="dialog-actions">
          <button
            type="button"
            className="button primary"
            onClick={() => manager.send({ type: 'BILLING.CLOSE' })}
          >
            {t('billing.cancelled.done')}
          </button>
        </div>
      </>
    );
  return (
    <>
      <Modal.Title>{t('billing.student.title')}</Modal.Title>
      <p>{t('billing.student.body', { percent: preview?.discountPercent ?? '' })}</p>
      <label className="small" htmlFor="student-email">
        {t('billing.student.email')}
      </label>
      <div className="member-row">
        <input
          id="student-email"
          className="rename-input"
          data-testid="student-email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button
          type="button"
          className="button"
          data-testid="student-get-code"
          disabled={busy || wait > 0}
          onClick={() =>
            emailOk
              ? manager.send({ type: 'STUDENT.SEND', email: email.trim() })
              : toast.error(t('billing.student.emailFormat'))
          }
        >
          {wait > 0
            ? t('billing.student.resendIn', { seconds: wait })
            : student.sent
              ? t('billing.student.resend')
              : t('billing.student.getCode')}
        </button>
      </div>
      <label className="small" htmlFor="student-code">
        {t('billing.student.code')}
      </label>
      <input
        id="student-code"
        className="rename-input"
        data-testid="student-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {student.error && (
        <p className="error-text" data-testid="student-error">
          {say(t, student.error)}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => manager.send({ type: 'BILLING.NEXT' })}>
          {t('billing.student.skip')}
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="student-verify"
          disabled={busy || !emailOk || !code.trim()}
          onClick={() => manager.send({ type: 'STUDENT.VERIFY', email: email.trim(), code })}
        >
          {t('billing.student.verify')}
        </button>
      </div>
    </>
  );
}
