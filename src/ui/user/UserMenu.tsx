// The user menu, opened from the sidebar footer's account row: usage, billing, feedback, download, release
// notes, settings, the language (its popover), the operator's quick links and log out, each opening its dialog
// or page.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { currentLanguage, LANGUAGE_LABELS } from '../../i18n';
import { useLangPath } from '../app/paths';
import { useAuthState, useRootSelector } from '../app/root-context';
import { Icon } from '../icons';
import { PendingTrigger, useFloating } from '../kit/floating-later';
import { dialogCode, LazyDialog } from '../kit/lazy-dialog';
import { Modal } from '../kit/Modal';
import { useQuickLinks } from '../layout/app-links';
import { UserAvatar } from './UserAvatar';

// Opened from the menu only: their code (and Radix Tabs for the settings) comes when first opened.
const settingsModal = dialogCode(() => import('./SettingsModal').then((m) => m.SettingsModal));
const feedbackModal = dialogCode(() => import('../feedback/FeedbackModal').then((m) => m.FeedbackModal));
const usageModal = dialogCode(() => import('./UsageView').then((m) => m.UsageModal));
const downloadAppModal = dialogCode(() => import('./DownloadAppModal').then((m) => m.DownloadAppModal));

type Dialog = 'usage' | 'settings' | 'feedback' | 'download' | 'logout' | null;

export function UserMenu({
  collapsed,
  onLanguage,
}: {
  collapsed: boolean;
  /** Opens the language popover (anchored to the footer row, which owns it). */
  onLanguage(): void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const to = useLangPath();
  const [dialog, setDialog] = useState<Dialog>(null);
  const languageNext = useRef(false);
  const billing = useRootSelector((s) => s.context.billing);
  const authActor = useRootSelector((s) => s.context.auth);
  const { isLogin, user } = useAuthState();
  const links = useQuickLinks();
  const name = isLogin ? (user?.email ?? '') : t('layout.guest');
  const dialogProps = (which: Exclude<Dialog, null>) => ({
    open: dialog === which,
    onOpenChange: (open: boolean) => setDialog(open ? which : null),
  });
  const lazyProps = (which: Exclude<Dialog, null>) => ({
    active: dialog === which,
    onDismiss: () => setDialog(null),
    props: dialogProps(which),
  });
  const [menuOpen, setMenuOpen] = useState(false);
  const floating = useFloating();
  const triggerClass = `user-menu-trigger${isLogin ? '' : ' guest'}`;
  const triggerLabel = (
    <>
      {isLogin && user && <UserAvatar user={user} />}
      {!collapsed && (
        <span className="user-chip" data-testid="auth-state" dir="auto">
          {name}
        </span>
      )}
      {/* Named by who is signed in, then what it opens ("Guest, Menu"). */}
      <span className="visually-hidden">
        {collapsed ? name : ''}, {t('menu.title')}
      </span>
      {(!collapsed || !isLogin) && <Icon name="more" />}
    </>
  );
  // No dialog can be open before the menu's code is here: each opens from the menu.
  if (!floating)
    return (
      <PendingTrigger className={triggerClass} data-testid="user-menu" onOpenChange={setMenuOpen}>
        {triggerLabel}
      </PendingTrigger>
    );
  const { DropdownMenu } = floating;

  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its buttons stay focusable (axe:
          aria-hidden-focus); the menu still takes focus and closes on Escape or a click outside. */}
      <DropdownMenu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenu.Trigger className={triggerClass} data-testid="user-menu">
          {triggerLabel}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="menu"
            side="top"
            // A guest's menu opens from the icon at the row's end; a member's from the whole row.
            align={isLogin ? 'start' : 'end'}
            sideOffset={6}
            // Focus goes into the language popover, not back to the menu's button (which would close it).
            onCloseAutoFocus={(event) => {
              if (languageNext.current) event.preventDefault();
              languageNext.current = false;
            }}
          >
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setDialog('usage')}
              data-testid="menu-usage"
            >
              {t('menu.usage')}
            </DropdownMenu.Item>
            {isLogin && (
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() => billing.send({ type: 'BILLING.OPEN' })}
                data-testid="menu-billing"
              >
                {t('billing.manage.title')}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setDialog('feedback')}
              data-testid="menu-feedback"
            >
              {t('feedback.menuItem')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setDialog('download')}
              data-testid="menu-download"
            >
              {t('download.menuItem')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => navigate(to('/releasenote'))}
              data-testid="menu-release-notes"
            >
              {t('menu.releaseNotes')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => setDialog('settings')}
              data-testid="menu-settings"
            >
              {t('menu.settings')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => {
                languageNext.current = true;
                onLanguage();
              }}
              data-testid="language-select"
            >
              <span className="menu-item-main">
                <Icon name="globe" />
                {t('layout.languageNow', { language: LANGUAGE_LABELS[currentLanguage()] })}
              </span>
            </DropdownMenu.Item>
            {links.length > 0 && (
              <>
                <DropdownMenu.Separator className="menu-separator" />
                <DropdownMenu.Group data-testid="quick-links">
                  <DropdownMenu.Label className="menu-label">{t('links.title')}</DropdownMenu.Label>
                  {links.map(({ key, url }) => (
                    <DropdownMenu.Item key={key} className="menu-item" asChild>
                      <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`link-${key}`}>
                        {t(`links.${key}`)}
                      </a>
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Group>
              </>
            )}
            {isLogin && (
              <>
                <DropdownMenu.Separator className="menu-separator" />
                <DropdownMenu.Item
                  className="menu-item"
                  onSelect={() => setDialog('logout')}
                  data-testid="logout"
                >
                  {t('account.logout')}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LazyDialog code={usageModal} {...lazyProps('usage')} />
      <Modal
        {...dialogProps('logout')}
        title={t('account.logoutConfirm')}
        width={360}
        testId="logout-confirm"
        aria-describedby={undefined}
      >
        <div className="dialog-actions">
          <Modal.Close className="button">{t('common.cancel')}</Modal.Close>
          <Modal.Close
            className="button primary"
            onClick={() => authActor.send({ type: 'LOGOUT' })}
            data-testid="logout-confirm-button"
          >
            {t('account.logout')}
          </Modal.Close>
        </div>
      </Modal>
      <LazyDialog code={settingsModal} {...lazyProps('settings')} />
      <LazyDialog code={feedbackModal} {...lazyProps('feedback')} />
      <LazyDialog code={downloadAppModal} {...lazyProps('download')} />
    </>
  );
}
