// The browser-persisted keys the spec names (authorization, guest-authorization) plus this device's web id.
const KEYS = { token: 'authorization', guestToken: 'guest-authorization', webId: 'parley.webId' } as const;

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be unavailable (private mode quotas); the session still works in memory.
  }
};

export const tokenStore = {
  token: () => read(KEYS.token),
  setToken: (value: string | null) => write(KEYS.token, value),
  guestToken: () => read(KEYS.guestToken),
  setGuestToken: (value: string | null) => write(KEYS.guestToken, value),
  /** The token a request carries: the stored login, else the guest token. */
  current: () => read(KEYS.token) ?? read(KEYS.guestToken),
};

export function webId(): string {
  let id = read(KEYS.webId);
  if (!id) {
    id = crypto.randomUUID();
    write(KEYS.webId, id);
  }
  return id;
}
