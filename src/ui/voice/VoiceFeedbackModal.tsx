// The voice-assistant feedback modal: after a spoken exchange (a question spoken, its answer heard to the end),
// at most once a fortnight, a thumbs up or down, what went wrong and optional words, sent to the operator.
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FEEDBACK_MAX, VOICE_FEEDBACK_REASONS } from '../../../common/contract';
import { feedbackApi } from '../../api/feedback';
import { createVoiceFeedbackMachine } from '../../machines/voice/voice-feedback.machine';
import { FeedbackFormFooter } from '../feedback/FeedbackFormFooter';
import { Icon } from '../icons';
import { Modal } from '../kit/Modal';
import { toast } from '../kit/toast';

const voiceFeedbackMachine = createVoiceFeedbackMachine(feedbackApi.submitVoice);

export default function VoiceFeedbackModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const [state, send] = useMachine(voiceFeedbackMachine);
  const { rating, reasons, content, error } = state.context;

  useEffect(() => {
    if (!state.matches('sent')) return;
    toast.success(t('voice.feedback.thanks'));
    onClose();
  }, [state, onClose, t]);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('voice.feedback.title')}
      description={t('voice.feedback.body')}
      width={480}
      testId="voice-feedback-modal"
    >
      <form
        className="feedback-form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT', page: pathname });
        }}
      >
        <fieldset className="voice-rating">
          <legend className="visually-hidden">{t('voice.feedback.title')}</legend>
          {(['good', 'bad'] as const).map((value) => (
            <label key={value} className={`button voice-rating-option${rating === value ? ' selected' : ''}`}>
              <input
                type="radio"
                name="voice-rating"
                className="visually-hidden"
                checked={rating === value}
                onChange={() => send({ type: 'RATE', rating: value })}
                data-testid={`voice-rating-${value}`}
              />
              <Icon name={value === 'good' ? 'thumbUp' : 'thumbDown'} />
              {t(`voice.feedback.${value}`)}
            </label>
          ))}
        </fieldset>
        {rating === 'bad' && (
          <fieldset className="feedback-categories">
            <legend className="small muted">{t('voice.feedback.reasonsLabel')}</legend>
            {VOICE_FEEDBACK_REASONS.map((reason) => (
              <label key={reason} className="consent-row">
                <input
                  type="checkbox"
                  checked={reasons.includes(reason)}
                  onChange={() => send({ type: 'REASON', reason })}
                  data-testid={`voice-reason-${reason}`}
                />
                {t(`voice.feedback.reasons.${reason}`)}
              </label>
            ))}
          </fieldset>
        )}
        <textarea
          className="feedback-text"
          rows={3}
          value={content}
          maxLength={FEEDBACK_MAX + 100}
          placeholder={t('voice.feedback.placeholder')}
          aria-label={t('voice.feedback.placeholder')}
          onChange={(event) => send({ type: 'EDIT', content: event.target.value })}
          data-testid="voice-feedback-text"
        />
        <FeedbackFormFooter
          error={error}
          sending={state.matches('sending')}
          closeLabel={t('voice.feedback.notNow')}
          sendLabel={t('voice.feedback.send')}
          testIdPrefix="voice-feedback"
        />
      </form>
    </Modal>
  );
}
