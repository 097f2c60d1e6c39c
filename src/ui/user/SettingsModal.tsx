import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { type Connector, ConnectorStatus } from '../../../common/contract';
import { socialApi } from '../../api/social-login';
import { userApi } from '../../api/user';
import { leaveForProvider } from '../../i18n';
import { useLangPath } from '../app/paths';
import { createPressGate } from '../app/press-gate';
import { useAuthState, useRootSelector } from '../app/root-context';
import { useLanding } from '../chat/use-models';
import { Modal } from '../kit/Modal';
import { toast } from '../kit/toast';
import { chooseTheme, THEMES, type ThemeChoice, useThemeChoice } from '../theme/theme';
import { DocumentSettingsTab } from './DocumentSettingsTab';
import { LanguagePicker } from './LanguagePicker';
import '../auth/auth.css';
import './settings-strings';

const CONNECTOR_THROTTLE_MS = 1000;
// Product names, the same in every language.
const CONNECTOR_LABELS: Record<Connector['type'], string> = {
  GOOGLE_DRIVE: 'Google Drive',
  MICROSOFT_ONENOTE: 'Microsoft OneNote',
  MICROSOFT_ONEDRIVE: 'Microsoft OneDrive',
  EVERNOTE: 'Evernote',
  NOTION: 'Notion',
  OBSIDIAN: 'Obsidian',
  ZOTERO: 'Zotero',
};

export function SettingsModal({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('settings.title')}
      width={800}
      className="settings"
      testId="settings-modal"
    >
      <Tabs.Root defaultValue="account" className="settings-tabs">
        <Tabs.List className="tab-list">
          <Tabs.Trigger value="account" className="tab">
            {t('settings.account')}
          </Tabs.Trigger>
          <Tabs.Trigger value="appearance" className="tab" data-testid="settings-appearance-tab">
            {t('settings.appearance')}
          </Tabs.Trigger>
          <Tabs.Trigger value="languages" className="tab" data-testid="settings-languages-tab">
            {t('settings.languages')}
          </Tabs.Trigger>
          <Tabs.Trigger value="documents" className="tab" data-testid="settings-documents-tab">
            {t('settings.documents')}
          </Tabs.Trigger>
          <Tabs.Trigger value="connector" className="tab" data-testid="settings-connector-tab">
            {t('settings.connector')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="account">
          <AccountTab onDeleted={() => onOpenChange(false)} />
        </Tabs.Content>
        <Tabs.Content value="appearance">
          <AppearanceTab />
        </Tabs.Content>
        <Tabs.Content value="languages">
          <LanguagePicker />
        </Tabs.Content>
        <Tabs.Content value="documents">
          <DocumentSettingsTab />
        </Tabs.Content>
        <Tabs.Content value="connector">
          <ConnectorTab />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}

function AccountTab({ onDeleted }: { onDeleted(): void }) {
  const { user, isLogin } = useAuthState();
  return (
    <>
      <AccountFacts />
      <ExportData />
      {isLogin && user ? <DeleteAccount email={user.email ?? null} onDeleted={onDeleted} /> : null}
    </>
  );
}

function AccountFacts() {
  const { t } = useTranslation();
  const { user, isLogin } = useAuthState();
  return (
    <dl className="settings-list">
      <dt>{t('settings.email')}</dt>
      <dd>{isLogin ? user?.email : t('layout.guest')}</dd>
      <dt>{t('settings.plan')}</dt>
      <dd data-testid="settings-plan">
        {user?.isPro
          ? user.isUnlimited
            ? t('settings.planUnlimited')
            : user.isProPlus
              ? t('settings.planProPlus')
              : t('settings.planPro')
          : t('settings.free')}
      </dd>
    </dl>
  );
}

/** Everything the caller made, as a zip the browser downloads to disk itself through a short-lived link. */
function ExportData() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await userApi.exportData();
      // An attachment: the browser saves it and the app stays where it is.
      const link = document.createElement('a');
      link.href = url;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      toast.success(t('settings.exportStarted'));
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="settings-section" data-testid="export-data">
      <h3>{t('settings.exportData')}</h3>
      <p className="muted small">{t('settings.exportDataBody')}</p>
      <button
        type="button"
        className="button"
        onClick={start}
        disabled={busy}
        data-testid="export-data-start"
      >
        {t('settings.exportData')}
      </button>
    </section>
  );
}

/** What an account without an email types to confirm (the server's DELETE_WITHOUT_EMAIL). */
const DELETE_WITHOUT_EMAIL = 'DELETE';

/**
 * Deleting the account: it says what goes, and the user types the account's email to confirm (as ChatGPT and
 * GitHub ask), so a slip of the finger or a borrowed phone cannot do it. The server cancels a renewing plan first.
 */
function DeleteAccount({ email, onDeleted }: { email: string | null; onDeleted(): void }) {
  const { t } = useTranslation();
  const auth = useRootSelector((s) => s.context.auth);
  const [, navigate] = useLocation();
  const to = useLangPath();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expected = (email ?? DELETE_WITHOUT_EMAIL).trim().toLowerCase();
  const matches = typed.trim().toLowerCase() === expected;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await userApi.deleteAccount(typed);
    } catch (failure) {
      // Nothing was deleted: what was typed stays, with the server's reason in the user's language.
      setBusy(false);
      setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    onDeleted();
    auth.send({ type: 'ACCOUNT_DELETED' });
    toast.success(t('settings.accountDeleted'));
    navigate(to('/'), { replace: true });
  };
  return (
    <section className="settings-section" data-testid="delete-account">
      <h3>{t('settings.deleteAccount')}</h3>
      <p className="muted small">{t('settings.deleteAccountBody')}</p>
      {asking ? (
        <form onSubmit={submit} className="settings-danger-form">
          <label htmlFor="delete-account-confirm">
            {email
              ? t('settings.deleteAccountType', { email })
              : t('settings.deleteAccountTypeWord', { word: DELETE_WITHOUT_EMAIL })}
          </label>
          <input
            id="delete-account-confirm"
            className="text-input"
            type={email ? 'email' : 'text'}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'delete-account-error' : undefined}
            data-testid="delete-account-input"
          />
          {error ? (
            <p id="delete-account-error" className="error-text small" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setAsking(false);
                setTyped('');
                setError(null);
              }}
            >
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              className="button danger"
              disabled={!matches || busy}
              data-testid="delete-account-submit"
            >
              {busy ? t('settings.deletingAccount') : t('settings.deleteAccountSubmit')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="button danger-quiet"
          onClick={() => setAsking(true)}
          data-testid="delete-account-start"
        >
          {t('settings.deleteAccount')}
        </button>
      )}
    </section>
  );
}

const THEME_LABELS = {
  system: 'settings.themeSystem',
  light: 'settings.themeLight',
  dark: 'settings.themeDark',
  blue: 'settings.themeBlue',
  green: 'settings.themeGreen',
} as const satisfies Record<ThemeChoice, string>;

/** The colour theme, applied at once and kept on this device. */
function AppearanceTab() {
  const { t } = useTranslation();
  const chosen = useThemeChoice();
  return (
    <fieldset className="settings-fieldset" data-testid="theme-choice">
      <legend>{t('settings.theme')}</legend>
      {THEMES.map((theme) => (
        <label key={theme} className="consent-row">
          <input
            type="radio"
            name="theme"
            checked={chosen === theme}
            onChange={() => chooseTheme(theme)}
            data-testid={`theme-${theme}`}
          />
          {t(THEME_LABELS[theme])}
        </label>
      ))}
    </fieldset>
  );
}

function ConnectorTab() {
  const { t } = useTranslation();
  const driveConfigured = useLanding()?.socialLogin?.drive === true;
  const [list, setList] = useState<Connector[]>([]);
  const [pressGate] = useState(() => createPressGate(CONNECTOR_THROTTLE_MS));
  useEffect(() => {
    userApi.connectors().then(setList, () => setList([]));
  }, []);
  const toggle = (connector: Connector) => {
    const next =
      connector.status === ConnectorStatus.Disabled ? ConnectorStatus.Enabled : ConnectorStatus.Disabled;
    if (connector.type === 'GOOGLE_DRIVE' && next === ConnectorStatus.Enabled) {
      // Drive connects on Google's consent page, which sends the browser back to /oauth/google/drive.
      socialApi.start('google', 'drive').then(
        ({ url }) => leaveForProvider(url),
        (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
      );
      return;
    }
    // A failed update is only logged; the list keeps the server's state.
    userApi
      .updateConnector(connector.type, next)
      .then(setList, (error: unknown) => console.warn('connector update failed', error));
  };
  return (
    <ul className="connector-list">
      {list.map((connector) => (
        <li key={connector.type} data-testid={`connector-${connector.type}`}>
          <span>{CONNECTOR_LABELS[connector.type]}</span>
          {connector.type === 'GOOGLE_DRIVE' && !driveConfigured && (
            <span className="muted connector-note" data-testid="drive-not-configured">
              {t('socialLogin.driveNotConfigured')}
            </span>
          )}
          <button
            type="button"
            className="button"
            disabled={connector.type === 'GOOGLE_DRIVE' && !driveConfigured && connector.status === 0}
            onClick={() => pressGate(() => toggle(connector))}
            data-testid={`connector-${connector.type}-toggle`}
          >
            {connector.status === ConnectorStatus.Waiting
              ? t('settings.waiting')
              : connector.status === ConnectorStatus.Enabled
                ? t('settings.disconnect')
                : connector.type === 'GOOGLE_DRIVE'
                  ? t('settings.connect')
                  : t('settings.joinWaitlist')}
          </button>
        </li>
      ))}
    </ul>
  );
}
