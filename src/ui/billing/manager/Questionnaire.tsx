// The cancel flow's questionnaire: q1..q6 by their options, q7 in words, and the text some options ask for;
// what must be filled in is the contract's missingCancelAnswers, the rule the server validates with too.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANCEL_CHOICES,
  CANCEL_EXTRA_TEXT,
  CANCEL_TEXT_QUESTION,
  missingCancelAnswers,
} from '../../../../common/contract';
import { managerBusy } from '../../../machines/billing/selectors';
import { Modal } from '../../kit/Modal';
import { type ManagerRef, say } from '../use-billing';

const needsText = (question: string, option: string | undefined) =>
  (CANCEL_EXTRA_TEXT as Partial<Record<string, readonly string[]>>)[question]?.includes(option ?? '') ??
  false;

export function Questionnaire({ manager }: { manager: ManagerRef }) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [showRules, setShowRules] = useState(false);
  const busy = useSelector(manager, managerBusy);
  const serverError = useSelector(manager, (s) => s.context.error);
  const set = (key: string, value: string) => setAnswers((a) => ({ ...a, [key]: value }));
  return (
    <>
      <Modal.Title>{t('billing.questionnaire.title')}</Modal.Title>
      <form
        className="questionnaire"
        onSubmit={(event) => {
          event.preventDefault();
          if (missingCancelAnswers(answers).length > 0) return setShowRules(true);
          manager.send({ type: 'QUESTIONNAIRE.SUBMIT', answers });
        }}
      >
        {Object.entries(CANCEL_CHOICES).map(([q, letters]) => (
          <fieldset key={q} data-testid={`question-${q}`}>
            <legend>{t(`billing.questionnaire.${q}`)}</legend>
            {letters.map((letter) => (
              <label key={letter} className="small">
                <input
                  type="radio"
                  name={q}
                  value={letter}
                  checked={answers[q] === letter}
                  onChange={() => set(q, letter)}
                />{' '}
                {t(`billing.questionnaire.${q}Options.${letter}`)}
              </label>
            ))}
            {needsText(q, answers[q]) && (
              <input
                className="rename-input"
                data-testid={`extra-${q}`}
                placeholder={t('billing.questionnaire.more')}
                value={answers[`${q}-${answers[q]}`] ?? ''}
                onChange={(e) => set(`${q}-${answers[q]}`, e.target.value)}
              />
            )}
          </fieldset>
        ))}
        <label className="small" htmlFor={CANCEL_TEXT_QUESTION}>
          {t(`billing.questionnaire.${CANCEL_TEXT_QUESTION}`)}
        </label>
        <textarea
          id={CANCEL_TEXT_QUESTION}
          data-testid={`question-${CANCEL_TEXT_QUESTION}`}
          className="feedback-text"
          value={answers[CANCEL_TEXT_QUESTION] ?? ''}
          onChange={(e) => set(CANCEL_TEXT_QUESTION, e.target.value)}
        />
        {(showRules || serverError) && (
          <p className="error-text" data-testid="questionnaire-error">
            {serverError ? say(t, serverError) : t('billing.questionnaire.verticalRules')}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => manager.send({ type: 'BILLING.BACK' })}>
            {t('billing.manage.back')}
          </button>
          <button type="submit" className="button primary" disabled={busy} data-testid="questionnaire-submit">
            {t('billing.questionnaire.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
