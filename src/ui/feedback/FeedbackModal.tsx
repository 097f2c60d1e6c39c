// The feedback modal (520 wide): a category, the text, and the server's answer or refusal beside it.
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FEEDBACK_CATEGORIES, FEEDBACK_MAX } from '../../../common/contract';
import { feedbackMachine } from '../../machines/feedback.machine';
import { Modal } from '../kit/Modal';
import { toast } from '../kit/toast';
import { FeedbackFormFooter } from './FeedbackFormFooter';

export function FeedbackModal({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const [state, send] = useMachine(feedbackMachine);
  const { category, content, error } = state.context;

  useEffect(() => {
    if (!state.matches('sent')) return;
    toast.success(t('feedback.thanks'));
    onOpenChange(false);
    send({ type: 'RESET' });
  }, [state, send, onOpenChange, t]);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('feedback.title')}
      description={t('feedback.body')}
      width={520}
      testId="feedback-modal"
    >
      <form
        className="feedback-form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT', page: pathname });
        }}
      >
        <fieldset className="feedback-categories">
          <legend className="small muted">{t('feedback.category')}</legend>
          {FEEDBACK_CATEGORIES.map((value) => (
            <label key={value} className="consent-row">
              <input
                type="radio"
                name="feedback-category"
                checked={category === value}
                onChange={() => send({ type: 'CATEGORY', category: value })}
                data-testid={`feedback-category-${value}`}
              />
              {t(`feedback.categories.${value}`)}
            </label>
          ))}
        </fieldset>
        <textarea
          className="feedback-text"
          rows={6}
          value={content}
          placeholder={t('feedback.placeholder')}
          aria-label={t('feedback.title')}
          aria-invalid={error !== null}
          onChange={(event) => send({ type: 'EDIT', content: event.target.value })}
          data-testid="feedback-text"
        />
        <div className="feedback-meta small muted">
          {t('feedback.count', { count: content.trim().length, max: FEEDBACK_MAX })}
        </div>
        <FeedbackFormFooter
          error={error}
          sending={state.matches('sending')}
          closeLabel={t('common.cancel')}
          sendLabel={t('feedback.send')}
          testIdPrefix="feedback"
        />
      </form>
    </Modal>
  );
}
