import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isLanguage } from '../../../common/contract';
import { AnalyticsTracker } from '../analytics/AnalyticsTracker';
import { CookieBanner } from '../analytics/CookieBanner';
import { NotFound } from '../app/NotFound';
import { Link, useNavigationKey } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { useRootSelector } from '../app/root-context';
import { useShortcut } from '../app/use-shortcut';
import { BillingLayer } from '../billing/BillingLayer';
import { PageErrorBoundary } from '../ErrorBoundary';
import { Icon } from '../icons';
import { dialogCode, LazyDialog } from '../kit/lazy-dialog';
import { ShareKeyCatcher } from '../shares/ShareKeyCatcher';
import { OneTap } from '../social-login/OneTap';
import { AnnouncementBanner } from './AnnouncementBanner';
import { ArabicPrompt } from './ArabicPrompt';
import { removeBootChat, removeBootHistory, removeBootShell } from './boot-shell';
import { isMac, useDrawer } from './drawer';
import { OfflineBanner } from './OfflineBanner';
import { ShortcutsDialog } from './ShortcutsDialog';
import { Sidebar } from './Sidebar';
import { useNewChat } from './use-new-chat';
import { NARROW_QUERY, useMediaQuery, useVisibleHeight } from './viewport';
import './layout.css';

// The login dialog (with its code boxes and social buttons) and the bot check come when they first open.
const loginModal = dialogCode(() => import('../auth/LoginModal').then((m) => m.LoginModal));
const botChallengeModal = dialogCode(() =>
  import('../captcha/BotChallengeModal').then((m) => m.BotChallengeModal),
);

const COLLAPSED_KEY = 'parley.sidebarCollapsed';

/** The app around its pages; `lang` is the address's leading language code, if it has one (Layout checks it). */
export function Layout({ lang, children }: { lang?: string; children: ReactNode }) {
  const [pathname, navigate] = useLocation();
  const navigation = useNavigationKey();
  const to = useLangPath();
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const narrow = useMediaQuery(NARROW_QUERY);
  const drawer = useDrawer(narrow, navigation);
  useVisibleHeight();
  // Before the browser paints this first frame: the boot shell and the app are never both seen, nor neither.
  // A chat the boot shell drew stays on top until the app's list shows it (MessageList), or the page changes.
  useLayoutEffect(() => removeBootShell(true), []);
  const openedAt = useRef(navigation);
  useEffect(() => {
    if (navigation === openedAt.current) return;
    removeBootChat();
    // The boot shell's history marks the opened chat's row.
    removeBootHistory();
  }, [navigation]);
  // A desktop sidebar's rows do not belong over a phone's page.
  useEffect(() => {
    if (narrow) removeBootHistory();
  }, [narrow]);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  }, [collapsed]);

  const home = to('/');
  const newChat = useNewChat();
  const login = useRootSelector((s) => s.context.login);
  const logins = useSelector(login, (s) => s.context.successes);
  const loginOpen = useSelector(login, (s) => !s.matches('closed'));
  const captcha = useRootSelector((s) => s.context.captcha);
  // The same rule as BotChallengeModal's own.
  const challengeOpen = useSelector(captcha, (s) => !s.matches('idle') && !s.matches('delivered'));
  const handledLogins = useRef(logins);
  useEffect(() => {
    // A successful login lands on home (once per login, not on every later render).
    if (logins === handledLogins.current) return;
    handledLogins.current = logins;
    navigate(home);
  }, [logins, home, navigate]);
  // Cmd+K on Mac, Ctrl+I elsewhere: back to home (nothing to do when already there). Never inside an
  // editable field: there Ctrl+I is italic (the writing editor) or belongs to the text box.
  useShortcut(
    isMac() ? { code: 'KeyK', meta: true } : { code: 'KeyI', ctrl: true },
    () => {
      if (pathname !== home) newChat();
    },
    { preventDefault: true },
  );

  if (lang !== undefined && !isLanguage(lang)) return <NotFound />;
  // On a phone the sidebar is a drawer over the page: never collapsed, its toggle closes it.
  const classes = [
    'shell',
    narrow ? 'narrow' : collapsed ? 'collapsed' : '',
    drawer.open ? 'drawer-open' : '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {/* First Tab stop: past the sidebar's links straight to the page (shown only while focused). */}
      <button
        type="button"
        className="skip-link"
        data-testid="skip-link"
        // Moves focus to the content; a #content link would put a fragment in the router's URL.
        onClick={() => document.getElementById('content')?.focus()}
      >
        {t('layout.skipToContent')}
      </button>
      <Sidebar
        collapsed={!narrow && collapsed}
        onToggle={narrow ? drawer.close : () => setCollapsed((c) => !c)}
        drawer={narrow ? drawer : undefined}
      />
      {drawer.open && (
        // A tap beside the drawer closes it (a pointer target only; Escape and the close button are the keys).
        <div className="drawer-scrim" onClick={drawer.close} aria-hidden="true" data-testid="drawer-scrim" />
      )}
      <main id="content" tabIndex={-1} className="main" inert={drawer.open}>
        {narrow && (
          <header className="topbar">
            <button
              ref={drawer.opener}
              type="button"
              className="icon-button"
              onClick={drawer.show}
              aria-label={t('layout.openMenu')}
              aria-expanded={drawer.open}
              aria-controls="sidebar"
              data-testid="drawer-open"
            >
              <Icon name="menu" size={22} />
            </button>
            <Link to={home} className="logo" aria-label="Parley">
              <img src="/icons/favicon.svg" alt="" width={28} height={28} />
              <span>Parley</span>
            </Link>
            <button
              type="button"
              className="icon-button"
              onClick={newChat}
              aria-label={t('layout.newChat')}
              data-testid="topbar-new-chat"
            >
              <Icon name="plus" size={22} />
            </button>
          </header>
        )}
        <AnnouncementBanner />
        <OfflineBanner />
        <PageErrorBoundary>{children}</PageErrorBoundary>
      </main>
      <BillingLayer />
      <LazyDialog
        code={loginModal}
        active={loginOpen}
        onDismiss={() => login.send({ type: 'CLOSE' })}
        props={{}}
      />
      <ShortcutsDialog mac={isMac()} />
      <OneTap />
      <LazyDialog
        code={botChallengeModal}
        active={challengeOpen}
        onDismiss={() => captcha.send({ type: 'CANCEL' })}
        props={{}}
      />
      <CookieBanner />
      <ArabicPrompt />
      <ShareKeyCatcher />
      <AnalyticsTracker />
    </div>
  );
}
