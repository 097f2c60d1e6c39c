import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isLanguage } from '../../api/contract';
import { LoginModal } from '../account/LoginModal';
import { OneTap } from '../account/OneTap';
import { AnalyticsTracker } from '../analytics/AnalyticsTracker';
import { NotFound } from '../app/NotFound';
import { useLangPath } from '../app/paths';
import { useRootSelector } from '../app/root-context';
import { BillingLayer } from '../billing/BillingLayer';
import { BotChallengeModal } from '../captcha/BotChallengeModal';
import { CookieBanner } from '../consent/CookieBanner';
import { ShareKeyCatcher } from '../share/ShareKeyCatcher';
import { ArabicPrompt } from './ArabicPrompt';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';

const COLLAPSED_KEY = 'parley.sidebarCollapsed';
export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function Shell() {
  const { lang } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const to = useLangPath();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  }, [collapsed]);

  const home = to('/');
  const login = useRootSelector((s) => s.context.login);
  const logins = useSelector(login, (s) => s.context.successes);
  const handledLogins = useRef(logins);
  useEffect(() => {
    // The spec: a successful login lands on home (once per login, not on every later render).
    if (logins === handledLogins.current) return;
    handledLogins.current = logins;
    navigate(home);
  }, [logins, home, navigate]);
  // Cmd+K on Mac, Ctrl+I elsewhere: back to home (nothing to do when already there). Never inside an
  // editable field: there Ctrl+I is italic (the writing editor) or belongs to the text box.
  useHotkeys(
    isMac() ? 'meta+k' : 'ctrl+i',
    () => {
      if (location.pathname !== home) navigate(home);
    },
    { preventDefault: true, enableOnFormTags: false, enableOnContentEditable: false },
    [location.pathname, home, navigate],
  );

  if (lang !== undefined && !isLanguage(lang)) return <NotFound />;
  return (
    <div className={`shell${collapsed ? ' collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      <main className="main">
        <OfflineBanner />
        <Outlet />
      </main>
      <BillingLayer />
      <LoginModal />
      <OneTap />
      <BotChallengeModal />
      <CookieBanner />
      <ArabicPrompt />
      <ShareKeyCatcher />
      <AnalyticsTracker />
    </div>
  );
}
