// Client calls of sign-in: the guest visit token, e-mail login codes and sign-out.
import { Headers, isLanguage, Paths, VISIT_KEY_META, type VisitResponse } from '../../common/contract';
import { request } from './http';

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The visit key comes with the page; pages not served by Parley (the Vite dev server) ask for it. */
async function visitKey(): Promise<string> {
  const fromPage = document.querySelector<HTMLMetaElement>(`meta[name="${VISIT_KEY_META}"]`)?.content;
  if (fromPage) return fromPage;
  const { key } = await request<{ key: string }>('GET', Paths.visitKey, {
    noAuth: true,
    suppressAlert: true,
  });
  return key;
}

/** The sign: the current ISO time encrypted with the app's public key (RSA-OAEP, SHA-256). */
export async function makeVisitSign(now = new Date()): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(await visitKey()),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(now.toISOString()),
  );
  let binary = '';
  for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The page name is the first path segment after an optional language code; on /home logins say so. */
export function grayReleaseHeaders(pathname = location.pathname): Record<string, string> {
  const segments = pathname.split('/').filter(Boolean);
  const page = isLanguage(segments[0]) ? segments[1] : segments[0];
  return page === 'home' ? { [Headers.grayRelease]: 'home' } : {};
}

export const authApi = {
  sendLoginCode: (email: string) =>
    request<boolean>('POST', Paths.sendLoginCode, {
      body: { email },
      suppressAlert: true,
      extraHeaders: grayReleaseHeaders(),
    }),
  /** A token, or null for a wrong code (a falsy data field). */
  loginByCode: (email: string, code: string) =>
    request<string | null>('POST', Paths.loginByCode, {
      body: { email, code },
      suppressAlert: true,
      extraHeaders: grayReleaseHeaders(),
    }),
  signout: () => request<boolean>('POST', Paths.signout, { suppressAlert: true }),

  async visit(): Promise<string> {
    const sign = await makeVisitSign();
    const { token } = await request<VisitResponse>('POST', Paths.visit, {
      body: { sign },
      noAuth: true,
      suppressAlert: true,
    });
    return token;
  },
};
