// The cookie banner (where consent is asked) and its settings modal, one switch per category.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CookieConsent, needsConsent, saveConsent } from '../../local/consent';
import { Modal } from '../kit/Modal';
import './consent.css';

type Choice = Omit<CookieConsent, 'filled'>;
const ALL: Choice = { performance: true, functional: true, personalDataSharing: true };
const NONE: Choice = { performance: false, functional: false, personalDataSharing: false };

export function CookieBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [settings, setSettings] = useState(false);
  const [choice, setChoice] = useState<Choice>(ALL);

  useEffect(() => {
    needsConsent()
      .then(setVisible)
      .catch(() => setVisible(false));
  }, []);

  const decide = (picked: Choice) => {
    saveConsent(picked);
    setSettings(false);
    setVisible(false);
  };
  if (!visible) return null;

  return (
    <div className="cookie-banner" role="dialog" aria-label={t('consent.title')} data-testid="cookie-banner">
      <p>{t('consent.body')}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          onClick={() => setSettings(true)}
          data-testid="cookie-settings"
        >
          {t('consent.settings')}
        </button>
        <button type="button" className="button" onClick={() => decide(NONE)} data-testid="cookie-reject">
          {t('consent.necessaryOnly')}
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => decide(ALL)}
          data-testid="cookie-accept"
        >
          {t('consent.acceptAll')}
        </button>
      </div>
      <Modal
        open={settings}
        onOpenChange={setSettings}
        title={t('consent.settings')}
        width={480}
        testId="cookie-settings-modal"
      >
        <label className="consent-row">
          <input type="checkbox" checked disabled /> {t('consent.necessary')}
        </label>
        {(['performance', 'functional', 'personalDataSharing'] as const).map((category) => (
          <label className="consent-row" key={category}>
            <input
              type="checkbox"
              checked={choice[category]}
              onChange={(event) => setChoice({ ...choice, [category]: event.target.checked })}
              data-testid={`consent-${category}`}
            />{' '}
            {t(`consent.${category}`)}
          </label>
        ))}
        <div className="dialog-actions">
          <button
            type="button"
            className="button primary"
            onClick={() => decide(choice)}
            data-testid="cookie-save"
          >
            {t('consent.save')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
