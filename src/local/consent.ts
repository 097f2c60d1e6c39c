// Cookie consent: asked only of EU members (from the ip lookup); any choice marks it filled in and is kept.
import { userApi } from '../api/user';

const KEY = 'parley.cookieConsent';

export interface CookieConsent {
  filled: boolean;
  /** Strictly necessary cookies are always on. */
  performance: boolean;
  functional: boolean;
  personalDataSharing: boolean;
}

export function storedConsent(): CookieConsent | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as CookieConsent | null;
  } catch {
    return null;
  }
}

export function saveConsent(choice: Omit<CookieConsent, 'filled'>): CookieConsent {
  const consent = { ...choice, filled: true };
  localStorage.setItem(KEY, JSON.stringify(consent));
  // The analytics worker starts or stops with the performance choice.
  window.dispatchEvent(new Event('parley:consent'));
  return consent;
}

/** Whether to show the banner: not yet filled in, and the visitor is in the EU. */
export async function needsConsent(): Promise<boolean> {
  if (storedConsent()?.filled) return false;
  const info = await userApi.ip();
  return info.isEuMember;
}
