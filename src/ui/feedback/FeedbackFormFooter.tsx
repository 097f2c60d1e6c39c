// The end of a feedback form: its refusal (the client's check or the server's message) and its two buttons.
import { useTranslation } from 'react-i18next';
import type { FormError } from '../../machines/feedback.machine';
import { Modal } from '../kit/Modal';

export function FeedbackFormFooter({
  error,
  sending,
  closeLabel,
  sendLabel,
  testIdPrefix,
}: {
  error: FormError | null;
  sending: boolean;
  closeLabel: string;
  sendLabel: string;
  /** `feedback` gives feedback-error and feedback-submit. */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="error-text" role="alert" data-testid={`${testIdPrefix}-error`}>
          {'key' in error ? t(error.key) : error.text}
        </p>
      )}
      <div className="dialog-actions">
        <Modal.Close className="button" type="button">
          {closeLabel}
        </Modal.Close>
        <button
          type="submit"
          className="button primary"
          disabled={sending}
          data-testid={`${testIdPrefix}-submit`}
        >
          {sendLabel}
        </button>
      </div>
    </>
  );
}
