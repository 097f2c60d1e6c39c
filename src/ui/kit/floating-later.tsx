// Tooltips, menus and popovers (Radix, with Popper and floating-ui: about 18 KiB as sent) come after the app's
// first draw, when the browser is idle, or at once when a menu is pressed before that. Until they are here a
// tooltip is not shown and a menu's trigger is the same button (PendingTrigger), which opens the menu as soon as
// its code has come. Offline, the service worker has them from the first visit like any chunk it loaded.
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './kit.css';

export type Floating = typeof import('./floating');

let loaded: Floating | null = null;
let pending: Promise<Floating> | null = null;
const listeners = new Set<() => void>();

export function loadFloating(): Promise<Floating> {
  pending ??= import('./floating').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error) => {
      // The next press or idle moment asks again.
      pending = null;
      throw error;
    },
  );
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => loaded;

/** The floating parts once they are here, else null (the caller draws its plain form meanwhile). */
export function useFloating(): Floating | null {
  return useSyncExternalStore(subscribe, current, current);
}

/** Once, where the app is drawn: fetches the floating parts when the browser is first idle after it. */
export function useFloatingAfterFirstDraw() {
  useEffect(() => {
    const load = () => void loadFloating().catch(() => {});
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 500);
    return () => window.clearTimeout(id);
  }, []);
}

/**
 * A menu's trigger before the menu's code is here: the button Radix draws (same attributes, so the same look).
 * Pressing it calls `onOpenChange(true)` (the caller keeps the menu's open state, so the menu opens when its
 * code comes) and says "Loading…" meanwhile, or that the network failed, with Close (which closes it again).
 */
export function PendingTrigger({
  className,
  popup = 'menu',
  onOpenChange,
  children,
  ...rest
}: {
  className?: string;
  /** What the trigger opens, as Radix's own says: a menu, or a popover ('dialog'). */
  popup?: 'menu' | 'dialog';
  onOpenChange(open: boolean): void;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<'no' | 'loading' | 'failed'>('no');
  const preload = () => void loadFloating().catch(() => {});
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup={popup}
        aria-expanded={false}
        data-state="closed"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          onOpenChange(true);
          setWaiting('loading');
          loadFloating().catch(() => setWaiting('failed'));
        }}
        {...rest}
      >
        {children}
      </button>
      {waiting !== 'no' && (
        <div className="lazy-dialog-status" role="status" data-testid="lazy-dialog-status">
          {waiting === 'failed' ? t('common.networkError') : t('common.loading')}
          {waiting === 'failed' && (
            <button
              type="button"
              className="button"
              onClick={() => {
                setWaiting('no');
                onOpenChange(false);
              }}
            >
              {t('common.close')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
