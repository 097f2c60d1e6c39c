// A new version shows an update prompt (workbox-window); the service worker waits until the user agrees.
// The open app also looks for a new version every hour and whenever it comes back to the foreground, so an
// installed app that is never closed still hears of updates. "Later" hides the prompt until the next version.
// The worker precaches only the shell; on a first visit it takes the page at once, and the page asks for the
// chunks it loaded before that again, now through the worker, so they are cached for offline use too.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workbox } from 'workbox-window';
import { Icon } from '../icons';
import { Tooltip } from '../kit/Tooltip';

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** How long a request that was on its way when the worker took the page may take to arrive. */
const LATE_ARRIVALS_MS = 60_000;

/** Requests the app's own chunks this page loaded before a worker controlled it, so the worker caches them. */
function cacheChunksLoadedBeforeControl() {
  const controlledAt = performance.now();
  const asked = new Set<string>();
  const take = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      const url = new URL(entry.name);
      if (entry.startTime > controlledAt || asked.has(url.href)) continue;
      if (url.origin !== location.origin || !url.pathname.startsWith('/assets/')) continue;
      asked.add(url.href);
      // The HTTP cache answers (force-cache), so this costs no download; failures only mean "not cached yet".
      void fetch(url.href, { cache: 'force-cache' }).catch(() => {});
    }
  };
  take(performance.getEntriesByType('resource'));
  // A chunk whose request was on its way when the worker took over is listed only once it has arrived (it was
  // missed now and then on a busy machine): taken then.
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ type: 'resource' });
  setTimeout(() => observer.disconnect(), LATE_ARRIVALS_MS);
}

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
      wb.addEventListener('controlling', (event) => {
        // A page no worker controlled at start was loaded from the network: a worker taking it (the first
        // install claims it) needs no reload, only the chunks cached. An update (the user agreed) reloads.
        if (event.isUpdate) location.reload();
        else cacheChunksLoadedBeforeControl();
      });
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
      <Tooltip content={t('update.later')}>
        <button
          type="button"
          className="icon-button"
          onClick={() => setWaiting(null)}
          aria-label={t('update.later')}
          data-testid="update-later"
        >
          <Icon name="close" />
        </button>
      </Tooltip>
    </div>
  );
}
