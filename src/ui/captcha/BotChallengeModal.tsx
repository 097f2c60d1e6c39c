// The bot-challenge modal: open while a call waits for the human check (code 60001). It shows
// the proof of work's progress, or the Turnstile widget, or what went wrong with a retry.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { solveProgress } from '../../machines/captcha.machine';
import { useRootSelector } from '../app/root-context';
import { Modal } from '../kit/Modal';
import { TurnstileWidget } from './TurnstileWidget';
import '../auth/auth.css';

export function BotChallengeModal() {
  const { t } = useTranslation();
  const captcha = useRootSelector((s) => s.context.captcha);
  const state = useSelector(captcha, (s) => s.value as string);
  const progress = useSelector(captcha, (s) => solveProgress(s.context));
  const challenge = useSelector(captcha, (s) => s.context.challenge);
  const error = useSelector(captcha, (s) => s.context.error);
  const open = state !== 'idle' && state !== 'delivered';
  const percent = Math.round(progress * 100);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && captcha.send({ type: 'CANCEL' })}
      title={t('captcha.title')}
      width={400}
      testId="bot-challenge"
      data-state-name={state}
      aria-describedby={undefined}
    >
      {state === 'failed' ? (
        <>
          <p className="error-text" role="alert">
            {t(error ?? 'captcha.solveFailed')}
          </p>
          <div className="dialog-actions">
            <Modal.Close className="button">{t('common.cancel')}</Modal.Close>
            <button
              type="button"
              className="button primary"
              onClick={() => captcha.send({ type: 'RETRY' })}
              data-testid="bot-challenge-retry"
            >
              {t('captcha.retry')}
            </button>
          </div>
        </>
      ) : state === 'turnstile' && challenge?.provider === 'turnstile' ? (
        <>
          <p className="muted">{t('captcha.turnstileBody')}</p>
          <TurnstileWidget
            siteKey={challenge.siteKey}
            scriptUrl={challenge.scriptUrl}
            onToken={(token) => captcha.send({ type: 'SOLVED', token })}
            onError={() => captcha.send({ type: 'FAILED', error: 'captcha.widgetFailed' })}
          />
        </>
      ) : (
        <>
          <p className="muted">{t('captcha.body')}</p>
          <div
            className="usage-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('captcha.progress')}
            data-testid="bot-challenge-progress"
          >
            <div style={{ width: `${percent}%` }} />
          </div>
          <p className="muted small">{t('captcha.percent', { percent })}</p>
        </>
      )}
    </Modal>
  );
}
