// A new version shows an update prompt (workbox-window); the service worker waits until the user agrees.
// The open app also looks for a new version every hour and whenever it comes back to the foreground, so an
// installed app that is never closed still hears of updates. "Later" hides the prompt until the next version.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbox } from 'workbox-window';
import { Icon } from '../icons';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<Workbox | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let onVisible: (() => void) | undefined;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => setWaiting(wb));
      wb.addEventListener('controlling', () => location.reload());
      void wb.register();
      const check = () => {
        if (navigator.onLine) void wb.update().catch(() => {});
      };
      timer = setInterval(check, CHECK_EVERY_MS);
      onVisible = () => {
        if (document.visibilityState === 'visible') check();
      };
      document.addEventListener('visibilitychange', onVisible);
    });
    return () => {
      cancelled = true;
      clearInterval(timer);
      if (onVisible) document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>{t('update.available')}</span>
      <button type="button" className="button primary" onClick={() => waiting.messageSkipWaiting()}>
        {t('update.reload')}
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => setWaiting(null)}
        aria-label={t('update.later')}
        title={t('update.later')}
        data-testid="update-later"
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
