// Facade of the analytics worker. Events are tracked only with the cookie consent for performance (or, where
// no banner is asked, outside the EU); refusing it drops what waited. Until the answer is known (e.g. offline
// before the first lookup) the queue pauses and keeps what it holds.
import type * as Comlink from 'comlink';
import type { AnalyticsEvent } from '../../common/contract';
import { webId } from '../api/storage';
import { userApi } from '../api/user';
import { storedConsent } from '../local/consent';
import type { AnalyticsMode, AnalyticsWorkerApi } from './analytics.worker';

/** Whether this visitor was last seen in the EU (the banner then decides); remembered for offline pages. */
const EU_KEY = 'parley.analyticsEu';

let worker: Comlink.Remote<AnalyticsWorkerApi> | null = null;
let started: Promise<void> | null = null;

export function analyticsMode(): AnalyticsMode {
  const consent = storedConsent();
  if (consent?.filled) return consent.performance ? 'allowed' : 'denied';
  const eu = localStorage.getItem(EU_KEY);
  return eu === '0' ? 'allowed' : 'unknown';
}

function start(language: string): Promise<void> {
  started ??= (async () => {
    // comlink (and the worker) come after the page: events wait in this promise meanwhile.
    const { wrap } = await import('comlink');
    worker = wrap<AnalyticsWorkerApi>(
      new Worker(new URL('./analytics.worker.ts', import.meta.url), { type: 'module', name: 'analytics' }),
    );
    try {
      const info = await userApi.ip();
      localStorage.setItem(EU_KEY, info.isEuMember ? '1' : '0');
      await worker.setContext({ ip: info.ip, country: info.country ?? '', webId: webId(), language });
    } catch {
      // Offline: the last known place (event store) and the remembered EU answer are used.
      await worker.setContext({ webId: webId(), language });
    }
    await worker.start({ mode: analyticsMode(), language });
    window.addEventListener('online', () => void worker?.flush());
  })();
  return started;
}

export const analytics = {
  /** Queues an event (after the consent check); never throws and never waits for the network. */
  async track(name: string, props: AnalyticsEvent['props'] = {}, language = 'en') {
    try {
      await start(language);
      const mode = analyticsMode();
      await worker?.setMode(mode);
      if (mode === 'allowed') await worker?.track(name, props);
    } catch {
      // Analytics must never break the app.
    }
  },
  /** Starts the worker (sending what an earlier page left) without tracking anything. */
  start: (language = 'en') => start(language).catch(() => {}),
  /** The consent changed: start, pause or stop (dropping what waited). */
  async consentChanged() {
    if (!started) return;
    await started;
    await worker?.setMode(analyticsMode());
  },
  flush: async () => (started ? (await started, worker?.flush()) : 0),
  pending: async () => (started ? (await started, worker?.pending()) : 0),
};
