// Whose chats the device's cache holds: the mark of the token whose chat list was last written into it whole. The
// boot script (public/theme.js) draws the cache only under that same token, so a device whose token changed (a new
// guest after a refused one, another account's login) never shows the previous one's chats before the app syncs.
const KEY = 'parley.cacheOwner';

/** cyrb53: a 53-bit mark of a token, the same in public/theme.js; tells tokens apart without keeping one. */
export function cacheMark(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export const cacheOwner = {
  /** The cache now holds this token's chat list (the server's, just written). */
  mark(token: string) {
    try {
      localStorage.setItem(KEY, cacheMark(token));
    } catch {
      // No storage: the boot script draws nothing from the cache, the app still does.
    }
  },
  /**
   * Whether the cache may be shown under this token: its mark is this token's, or there is no mark (a device whose
   * cache predates the marks, or one emptied at logout). The app's history and chats are drawn from the cache only
   * then, so a new guest after a refused token sees nothing of the previous user's while its own list is on its way.
   */
  holds(token: string | null): boolean {
    let mark: string | null = null;
    try {
      mark = localStorage.getItem(KEY);
    } catch {
      return true; // no storage: nothing was marked, as on a device before the marks
    }
    return mark === null || (token !== null && cacheMark(token) === mark);
  },
  forget() {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // No storage: nothing was marked either.
    }
  },
};
