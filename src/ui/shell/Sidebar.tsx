import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANGUAGES } from '../../api/contract';
import { changeLanguage, currentLanguage, LANGUAGE_LABELS } from '../../i18n';
import { AccountFooter } from '../account/AccountFooter';
import { useLangPath } from '../app/paths';
import { UpgradeButton } from '../billing/BillingLayer';
import { Icon } from '../icons';
import { FeatureMenu } from './FeatureMenu';
import { History } from './History';
import { QuickLinks } from './QuickLinks';
import { isMac } from './Shell';

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const to = useLangPath();
  const navigate = useNavigate();
  const keys = isMac() ? '⌘K' : 'Ctrl+I';

  return (
    <aside className="sidebar" data-testid="sidebar" style={{ width: collapsed ? 56 : 256 }}>
      <div className="sidebar-top">
        <Link to={to('/')} className="logo" aria-label="Parley">
          <img src="/icons/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>Parley</span>}
        </Link>
        <button
          type="button"
          className="icon-button"
          onClick={onToggle}
          aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
          data-testid="sidebar-toggle"
        >
          <Icon
            name={collapsed === (document.documentElement.dir === 'rtl') ? 'chevronLeft' : 'chevronRight'}
          />
        </button>
      </div>
      <button
        type="button"
        className="button primary new-chat"
        onClick={() => navigate(to('/'))}
        title={t('shell.shortcutHint', { keys })}
        data-testid="new-chat"
      >
        <Icon name="plus" />
        {!collapsed && <span>{t('shell.newChat')}</span>}
      </button>
      <FeatureMenu collapsed={collapsed} />
      {collapsed ? (
        <Popover.Root>
          <Popover.Trigger className="icon-button history-trigger" aria-label={t('shell.history')}>
            <Icon name="history" />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content side="right" align="start" className="popover history-popover">
              <History />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : (
        <nav className="history" aria-label={t('shell.history')}>
          <h2 className="history-title">{t('shell.history')}</h2>
          <History />
        </nav>
      )}
      <div className="sidebar-footer">
        {!collapsed && <QuickLinks />}
        <UpgradeButton collapsed={collapsed} />
        <AccountFooter collapsed={collapsed} />
        <select
          aria-label={t('shell.language')}
          className="language-select"
          value={currentLanguage()}
          onChange={(event) => changeLanguage(event.target.value as (typeof LANGUAGES)[number])}
          data-testid="language-select"
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {collapsed ? code : LANGUAGE_LABELS[code]}
            </option>
          ))}
        </select>
      </div>
    </aside>
  );
}
