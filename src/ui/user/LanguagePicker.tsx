// The language choice as a list: recommended first (the browser's languages and English), then '--', then
// all; nothing changes until Confirm, which remembers the choice and reloads the app at /{lang}.
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../common/contract';
import { changeLanguage, currentLanguage, LANGUAGE_LABELS } from '../../i18n';
import { loadFloating, useFloating } from '../kit/floating-later';
import '../auth/auth.css';

/** Recommended first (the browser's language and English), then '--', then all; confirming reloads at /{lang}. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Language>(currentLanguage());
  // The browser's languages this app speaks (in the browser's order), then English.
  const recommended = [
    ...new Set(
      [...(navigator.languages ?? [navigator.language]), 'en']
        .map((tag) => tag.slice(0, 2).toLowerCase())
        .filter((code): code is Language => (LANGUAGES as readonly string[]).includes(code)),
    ),
  ];
  // Each list is its own radio group: in one group a language listed twice could be checked only once, so
  // the recommended row of the current language showed unchecked while the full list's row was checked.
  const option = (group: 'recommended' | 'all') => (code: Language) => (
    <label key={code} className="consent-row">
      <input
        type="radio"
        name={`language-${group}`}
        checked={picked === code}
        onChange={() => setPicked(code)}
        data-testid={`language-${code}`}
      />
      {LANGUAGE_LABELS[code]}
    </label>
  );
  return (
    <div className="language-list">
      <p className="muted small">{t('settings.recommended')}</p>
      {recommended.map(option('recommended'))}
      <hr aria-label="--" />
      {LANGUAGES.map(option('all'))}
      <div className="dialog-actions">
        <button
          type="button"
          className="button primary"
          disabled={picked === currentLanguage()}
          onClick={() => changeLanguage(picked)}
          data-testid="language-confirm"
        >
          {t('common.confirm')}
        </button>
      </div>
    </div>
  );
}

/**
 * The language selector popover, opened from the user menu and anchored to the row it opens from. The row is
 * not its child (an anchor by reference), so the row is drawn the same before the popover's code is here.
 */
export function LanguagePopover({
  open,
  onOpenChange,
  anchor,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The element the popover stands above. */
  anchor: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const floating = useFloating();
  useEffect(() => {
    if (open && !floating) void loadFloating().catch(() => {});
  }, [open, floating]);
  if (!floating) return null;
  const { Popover } = floating;
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          className="popover language-popover"
          aria-label={t('layout.language')}
          data-testid="language-popover"
        >
          <LanguagePicker />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
