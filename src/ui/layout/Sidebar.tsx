import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../app/navigation';
import { useLangPath } from '../app/paths';
import { UpgradeButton } from '../billing/BillingLayer';
import { Icon } from '../icons';
import { PendingTrigger, useFloating } from '../kit/floating-later';
import { Skeleton } from '../kit/Skeleton';
import { Tooltip } from '../kit/Tooltip';
import { AccountFooter } from '../user/AccountFooter';
import { type Drawer, isMac } from './drawer';
import { FeatureMenu } from './FeatureMenu';
import { useNewChat } from './use-new-chat';

// The history list (virtualised, with its search) is its own chunk: the composer does not wait for it. It is
// asked for as the app starts, beside the page's chunks, and drawn as soon as it is here: not through
// React.lazy, whose Suspense boundary React 19 holds back for up to 300 ms after its skeleton showed (opening a
// chat with 2,000 cached chats, bench/cache-open.ts, the history came about 330 ms after the app's frame).
let historyModule: typeof import('./History') | undefined;
const historyLoaded = import('./History').then((module) => {
  historyModule = module;
  return module;
});
// A chunk that fails to load reloads the page (installPreloadErrorReload); until then the skeleton stays.
historyLoaded.catch(() => {});

function History() {
  const { t } = useTranslation();
  const [module, setModule] = useState(historyModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    void historyLoaded.then((loaded) => live && setModule(loaded));
    return () => {
      live = false;
    };
  }, [module]);
  if (!module) return <Skeleton lines={4} label={t('layout.history')} />;
  return <module.History />;
}

export function Sidebar({
  collapsed,
  onToggle,
  drawer,
}: {
  collapsed: boolean;
  onToggle: () => void;
  /** Set on a phone: the sidebar is a drawer, hidden until the menu button opens it. */
  drawer?: Drawer;
}) {
  const { t } = useTranslation();
  const to = useLangPath();
  const newChat = useNewChat();
  const keys = isMac() ? '⌘K' : 'Ctrl+I';
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const open = drawer?.open ?? false;
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);
  const rtl = document.documentElement.dir === 'rtl';

  return (
    <aside
      id="sidebar"
      className="sidebar"
      data-testid="sidebar"
      data-drawer={drawer ? (open ? 'open' : 'closed') : undefined}
      // A closed drawer is out of the tab order and the accessibility tree, not just off screen.
      inert={drawer ? !open : undefined}
      aria-label={drawer ? t('layout.menu') : undefined}
      style={drawer ? undefined : { width: collapsed ? 56 : 256 }}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        swipe.current = drawer && touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = swipe.current;
        const touch = event.changedTouches[0];
        swipe.current = null;
        if (!start || !touch || !drawer) return;
        const dx = (touch.clientX - start.x) * (rtl ? -1 : 1);
        // A clear sideways swipe towards the edge the drawer came from closes it.
        if (dx < -60 && Math.abs(touch.clientY - start.y) < Math.abs(dx) / 2) drawer.close();
      }}
    >
      <div className="sidebar-top">
        <Link to={to('/')} className="logo" aria-label="Parley">
          <img src="/icons/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>Parley</span>}
        </Link>
        {drawer ? (
          <button
            ref={closeButton}
            type="button"
            className="icon-button"
            onClick={onToggle}
            aria-label={t('common.close')}
            data-testid="drawer-close"
          >
            <Icon name="close" size={20} />
          </button>
        ) : (
          <Tooltip content={collapsed ? t('layout.expand') : t('layout.collapse')} side="right">
            <button
              type="button"
              className="icon-button"
              onClick={onToggle}
              aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
              data-testid="sidebar-toggle"
            >
              {/* Points toward where the sidebar goes; mirrored in right-to-left pages by its class. */}
              <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
            </button>
          </Tooltip>
        )}
      </div>
      <Tooltip content={t('layout.shortcutHint', { keys })} side="right">
        <button
          type="button"
          className="button primary new-chat"
          onClick={newChat}
          aria-label={collapsed ? t('layout.newChat') : undefined}
          data-testid="new-chat"
        >
          <Icon name="plus" />
          {!collapsed && <span>{t('layout.newChat')}</span>}
        </button>
      </Tooltip>
      <FeatureMenu collapsed={collapsed} />
      {collapsed ? (
        <CollapsedHistory />
      ) : (
        <nav className="history" aria-label={t('layout.history')}>
          <h2 className="history-title">{t('layout.history')}</h2>
          <History />
        </nav>
      )}
      <div className="sidebar-footer">
        <UpgradeButton collapsed={collapsed} />
        <AccountFooter collapsed={collapsed} />
      </div>
    </aside>
  );
}

/** The collapsed sidebar's history: a button that opens the list in a popover beside it. */
function CollapsedHistory() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const floating = useFloating();
  if (!floating)
    return (
      <PendingTrigger
        className="icon-button history-trigger"
        aria-label={t('layout.history')}
        popup="dialog"
        onOpenChange={setOpen}
      >
        <Icon name="history" />
      </PendingTrigger>
    );
  const { Popover } = floating;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip content={t('layout.history')} side="right">
        <Popover.Trigger className="icon-button history-trigger" aria-label={t('layout.history')}>
          <Icon name="history" />
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content side="right" align="start" className="popover history-popover">
          <History />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
