// The sidebar footer: one row, so the history gets the sidebar's height. The user menu (named by who is
// signed in) holds everything else; guests get the sign up / log in button first, and the menu beside it.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthState, useRootSelector } from '../app/root-context';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';
import { LanguagePopover } from './LanguagePicker';
import { UserMenu } from './UserMenu';

export function AccountFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const auth = useAuthState();
  const login = useRootSelector((s) => s.context.login);
  const [languageOpen, setLanguageOpen] = useState(false);
  const row = useRef<HTMLDivElement>(null);

  if (!auth.ready) {
    return collapsed ? null : (
      <span className="user-chip" data-testid="auth-state">
        {t('layout.connecting')}
      </span>
    );
  }
  return (
    <>
      <div ref={row} className={`account-row${collapsed ? ' collapsed' : ''}`}>
        {!auth.isLogin && (
          <Tooltip content={collapsed ? t('account.login') : null} side="right">
            <button
              type="button"
              className="button account-login"
              onClick={() => login.send({ type: 'OPEN' })}
              aria-label={collapsed ? t('account.login') : undefined}
              data-testid="open-login"
            >
              {collapsed ? <Icon name="arrowRight" /> : t('account.login')}
            </button>
          </Tooltip>
        )}
        <UserMenu collapsed={collapsed} onLanguage={() => setLanguageOpen(true)} />
      </div>
      <LanguagePopover open={languageOpen} onOpenChange={setLanguageOpen} anchor={row} />
    </>
  );
}
