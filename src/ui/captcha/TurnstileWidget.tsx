// Cloudflare's Turnstile widget. Its script is loaded only when the server configured Turnstile (the
// challenge answer names it), and only once per page.
import { useEffect, useRef } from 'react';
import { currentLanguage } from '../../i18n';

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('no turnstile')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('turnstile script failed'));
    };
    document.head.append(script);
  });
  return loading;
}

export function TurnstileWidget(props: {
  siteKey: string;
  scriptUrl: string;
  onToken(token: string): void;
  onError(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const { siteKey, scriptUrl } = props;

  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadTurnstile(scriptUrl).then(
      (turnstile) => {
        if (cancelled || !ref.current) return;
        widgetId = turnstile.render(ref.current, {
          sitekey: siteKey,
          language: currentLanguage(),
          callback: (token: string) => callbacks.current.onToken(token),
          'error-callback': () => callbacks.current.onError(),
          'expired-callback': () => callbacks.current.onError(),
        });
      },
      () => !cancelled && callbacks.current.onError(),
    );
    return () => {
      cancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, scriptUrl]);

  return <div ref={ref} className="turnstile" data-testid="turnstile-widget" />;
}
