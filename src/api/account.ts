import { Headers, isLanguage, Paths, type UserInfo } from '../../common/contract';
import { request } from './http';

/** The page name is the first path segment after an optional language code; on /home logins say so. */
export function grayReleaseHeaders(pathname = location.pathname): Record<string, string> {
  const segments = pathname.split('/').filter(Boolean);
  const page = isLanguage(segments[0]) ? segments[1] : segments[0];
  return page === 'home' ? { [Headers.grayRelease]: 'home' } : {};
}

export const accountApi = {
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
  currentUser: () => request<UserInfo>('GET', Paths.currentUser, { suppressAlert: true }),
  signout: () => request<boolean>('POST', Paths.signout, { suppressAlert: true }),
};
