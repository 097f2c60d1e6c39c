import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useAuthState, useRootSelector } from '../app/root-context';
import { Icon } from '../icons';
import { UserAvatar } from './UserAvatar';
import { UserMenu } from './UserMenu';

/** Sidebar footer: the sign up / log in button for guests, the account and log out (confirmed) for members. */
export function AccountFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const auth = useAuthState();
  const login = useRootSelector((s) => s.context.login);
  const authActor = useRootSelector((s) => s.context.auth);

  if (!auth.ready) {
    return collapsed ? null : (
      <span className="user-chip" data-testid="auth-state">
        {t('layout.connecting')}
      </span>
    );
  }
  if (!auth.isLogin) {
    return (
      <>
        {!collapsed && (
          <span className="user-chip" data-testid="auth-state">
            {t('layout.guest')}
          </span>
        )}
        <UserMenu collapsed={collapsed} />
        <button
          type="button"
          className="button"
          onClick={() => login.send({ type: 'OPEN' })}
          aria-label={collapsed ? t('account.login') : undefined}
          data-testid="open-login"
        >
          {collapsed ? <Icon name="arrowRight" /> : t('account.login')}
        </button>
      </>
    );
  }
  return (
    <>
      <span className="member-row">
        {auth.user && <UserAvatar user={auth.user} />}
        {!collapsed && (
          <span className="user-chip" data-testid="auth-state" title={auth.user?.email ?? ''} dir="auto">
            {auth.user?.email}
          </span>
        )}
      </span>
      <UserMenu collapsed={collapsed} />
      <Popover.Root>
        <Popover.Trigger className="button" data-testid="logout">
          {t('account.logout')}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="popover" side="top" data-testid="logout-confirm">
            <p className="popover-title">{t('account.logoutConfirm')}</p>
            <div className="dialog-actions">
              <Popover.Close className="button">{t('common.cancel')}</Popover.Close>
              <Popover.Close
                className="button primary"
                onClick={() => authActor.send({ type: 'LOGOUT' })}
                data-testid="logout-confirm-button"
              >
                {t('account.logout')}
              </Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </>
  );
}
