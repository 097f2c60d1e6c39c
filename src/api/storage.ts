// The browser-persisted keys (authorization, guest-authorization, userinfo) plus this
// device's web id.
import type { UserInfo } from '../../common/contract';

const KEYS = {
  token: 'authorization',
  guestToken: 'guest-authorization',
  webId: 'parley.webId',
  userInfo: 'userinfo',
} as const;

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
/** Waiting for a token to be stored (tokenStore.arrival). */
const tokenWaiters = new Set<() => void>();
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode quotas); the session still works in memory.
  }
  if (value !== null && (key === KEYS.token || key === KEYS.guestToken))
    for (const waiter of [...tokenWaiters]) waiter();
};

export const tokenStore = {
  token: () => read(KEYS.token),
  setToken: (value: string | null) => write(KEYS.token, value),
  guestToken: () => read(KEYS.guestToken),
  setGuestToken: (value: string | null) => write(KEYS.guestToken, value),
  /** The token a request carries: the stored login, else the guest token. */
  current: () => read(KEYS.token) ?? read(KEYS.guestToken),
  /** Whether a token is stored within `ms` (at once when one is): a first visit's guest session arriving. */
  arrival(ms: number): Promise<boolean> {
    if (tokenStore.current() !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        tokenWaiters.delete(done);
        clearTimeout(timer);
        resolve(tokenStore.current() !== null);
      };
      const timer = setTimeout(done, ms);
      tokenWaiters.add(done);
    });
  },
};

export function webId(): string {
  let id = read(KEYS.webId);
  if (!id) {
    id = crypto.randomUUID();
    write(KEYS.webId, id);
  }
  return id;
}

/** The persisted user info: the last known member, readable by the browser extension. */
export const userInfoStore = {
  read(): UserInfo | null {
    try {
      return JSON.parse(read(KEYS.userInfo) ?? 'null') as UserInfo | null;
    } catch {
      return null;
    }
  },
  write: (info: UserInfo | null) => write(KEYS.userInfo, info ? JSON.stringify(info) : null),
};

/** On page unload without a token, user info resets to the default (none). */
export function installUnloadReset(target: Window = window) {
  target.addEventListener('pagehide', () => {
    if (tokenStore.token() === null) userInfoStore.write(null);
  });
}
