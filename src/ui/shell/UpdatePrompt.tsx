// A new version shows an update prompt (workbox-window); the service worker waits until the user agrees.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbox } from 'workbox-window';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<Workbox | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => setWaiting(wb));
      wb.addEventListener('controlling', () => location.reload());
      void wb.register();
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting) return null;
  return (
    <div className="update-prompt" role="alert" data-testid="update-prompt">
      <span>{t('update.available')}</span>
      <button type="button" className="button primary" onClick={() => waiting.messageSkipWaiting()}>
        {t('update.reload')}
      </button>
    </div>
  );
}
