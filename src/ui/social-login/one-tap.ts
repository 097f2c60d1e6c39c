// Google one-tap: whether to offer it (a pure decision, unit-tested) and loading Google's script.

export interface OneTapConditions {
  /** Google's client id from the landing call; null when Google (itself) is not configured. */
  clientId: string | null;
  /** A login token was stored when the page loaded. */
  hasToken: boolean;
  /** A guest token was stored when the page loaded. */
  hasGuestToken: boolean;
  pathname: string;
  /** Driven by test automation (navigator.webdriver): Google's script is on the internet. */
  automated: boolean;
}

const DISCOVER_PATH = /^(\/(en|ar|zh|es))?\/discover(\/|$)/;

/** No one-tap with a token or a guest token, nor on discover pages. */
export function shouldOfferOneTap(conditions: OneTapConditions): boolean {
  if (!conditions.clientId || conditions.automated) return false;
  if (conditions.hasToken || conditions.hasGuestToken) return false;
  return !DISCOVER_PATH.test(conditions.pathname);
}

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        nonce: string;
        callback(response: { credential: string }): void;
        cancel_on_tap_outside?: boolean;
      }): void;
      prompt(): void;
      cancel(): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;

export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('no google')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Google Identity script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}
