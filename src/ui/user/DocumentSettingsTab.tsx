// Settings > Documents: the user's switch for reading scanned pages and photos (OCR) and the language they are
// read in. Drawn from the device's copy (Dexie), changed there at once and sent by the outbox, so it works offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OCR_LANGUAGE_CHOICES, OCR_LANGUAGE_ENTRIES, type OcrLanguageCode } from '../../../common/contract';
import { documentSettings } from '../../local/settings';
import { syncNow } from '../../machines/sync';
import './settings-strings';

const LABELS = Object.fromEntries(OCR_LANGUAGE_ENTRIES.map((entry) => [entry.langcode, entry.languageLabel]));
/** Each label is in its own language: screen readers and fonts are told which (BCP 47, not tesseract's code). */
const LANG_OF: Record<OcrLanguageCode, string> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  ara: 'ar',
  chi_sim: 'zh-Hans',
};

export function DocumentSettingsTab() {
  const { t } = useTranslation();
  const local = useLiveQuery(() => documentSettings.read(), []);
  useEffect(() => {
    // Offline, the device's copy is shown as it is.
    documentSettings.refresh().catch(() => {});
  }, []);
  if (!local) return null;
  // The operator's DOCS_OCR=off wins over the user's switch: shown off and disabled, with the reason.
  const serverOff = local.serverOcr === false;
  const on = local.value.ocr && !serverOff;
  const choose = (change: Parameters<typeof documentSettings.choose>[0]) => {
    void documentSettings.choose(change).then(() => syncNow());
  };
  return (
    <div className="documents-settings" data-testid="document-settings">
      <label className="consent-row">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={serverOff}
          aria-describedby="ocr-hint"
          onChange={(event) => choose({ ocr: event.target.checked })}
          data-testid="ocr-switch"
        />
        <span>{t('settings.ocr')}</span>
      </label>
      <p id="ocr-hint" className="muted small settings-hint">
        {serverOff ? (
          <span data-testid="ocr-server-off">{t('settings.ocrServerOff')}</span>
        ) : (
          t('settings.ocrHint')
        )}
      </p>
      <fieldset className="settings-fieldset" disabled={!on} data-testid="ocr-language">
        <legend>{t('settings.ocrLanguage')}</legend>
        {OCR_LANGUAGE_CHOICES.map((code) => (
          <label key={code} className="consent-row">
            <input
              type="radio"
              name="ocr-language"
              checked={local.value.ocrLanguage === code}
              onChange={() => choose({ ocrLanguage: code })}
              data-testid={`ocr-language-${code}`}
            />
            {code === 'Auto' ? t('settings.ocrAuto') : <span lang={LANG_OF[code]}>{LABELS[code]}</span>}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
