// Page views for the analytics worker, with ids and share keys taken out of the path.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { AnalyticsEvent } from '../../../common/contract';
import { analytics } from '../../workers/analytics';

/** /share/{key} and /chat/{id} are counted as their page, never with the key or id. */
export const pagePath = (pathname: string) =>
  pathname
    .replace(/\/share\/[^/]+/, '/share/:key')
    .replace(/\/chat\/[^/]+/, '/chat/:id')
    .replace(/\/oauth\/[^?]+/, '/oauth/:provider')
    .slice(0, 200);

declare global {
  interface Window {
    /** Custom events for this server's operator (same consent rules as page views). */
    parleyAnalytics?: {
      track(name: string, props?: AnalyticsEvent['props']): Promise<void>;
      flush(): Promise<number | undefined>;
      pending(): Promise<number | undefined>;
    };
  }
}

export function AnalyticsTracker() {
  const [pathname] = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.language;

  useEffect(() => {
    window.parleyAnalytics ??= {
      track: (name, props) => analytics.track(name, props, language),
      flush: analytics.flush,
      pending: analytics.pending,
    };
    const onConsent = () => void analytics.consentChanged();
    window.addEventListener('parley:consent', onConsent);
    return () => window.removeEventListener('parley:consent', onConsent);
  }, [language]);

  useEffect(() => {
    void analytics.track('page_view', { path: pagePath(pathname) }, language);
  }, [pathname, language]);
  return null;
}
