import { Paths, type UserInfo } from './contract';
import { request } from './http';

export const accountApi = {
  sendLoginCode: (email: string) =>
    request<boolean>('POST', Paths.sendLoginCode, { body: { email }, suppressAlert: true }),
  /** A token, or null for a wrong code (the spec's falsy data). */
  loginByCode: (email: string, code: string) =>
    request<string | null>('POST', Paths.loginByCode, { body: { email, code }, suppressAlert: true }),
  currentUser: () => request<UserInfo>('GET', Paths.currentUser, { suppressAlert: true }),
  signout: () => request<boolean>('POST', Paths.signout, { suppressAlert: true }),
};
