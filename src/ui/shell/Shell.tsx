import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isLanguage } from '../../api/contract';
import { NotFound } from '../app/NotFound';
import { useLangPath } from '../app/paths';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';
import { UpgradeDialog } from './UpgradeDialog';

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
  useEffect(() => {
    // Cmd+K on Mac, Ctrl+I elsewhere: back to home (nothing to do when already there).
    const onKey = (event: KeyboardEvent) => {
      const hit = isMac()
        ? event.metaKey && event.key.toLowerCase() === 'k'
        : event.ctrlKey && event.key.toLowerCase() === 'i';
      if (!hit || location.pathname === home) return;
      event.preventDefault();
      navigate(home);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [location.pathname, home, navigate]);

  if (lang !== undefined && !isLanguage(lang)) return <NotFound />;
  return (
    <div className={`shell${collapsed ? ' collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      <main className="main">
        <OfflineBanner />
        <Outlet />
      </main>
      <UpgradeDialog />
    </div>
  );
}
