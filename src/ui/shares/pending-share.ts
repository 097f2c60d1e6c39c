// A shareKey in the query is kept here (and removed from the URL) until a logged-in user continues it. It
// survives a social login's trip to the provider and back, and is forgotten after a day if never used.
import { SHARE_KEY_PATTERN } from '../../../common/contract';

const KEY = 'parley.pendingShareKey';
const KEY_AT = 'parley.pendingShareKeyAt';
const MAX_AGE_MS = 24 * 60 * 60_000;

export const pendingShare = {
  get: (): string | null => {
    const value = localStorage.getItem(KEY);
    const at = Number(localStorage.getItem(KEY_AT) ?? 0);
    if (!value || !SHARE_KEY_PATTERN.test(value)) return null;
    if (Date.now() - at > MAX_AGE_MS) {
      pendingShare.clear();
      return null;
    }
    return value;
  },
  set: (shareKey: string) => {
    if (!SHARE_KEY_PATTERN.test(shareKey)) return;
    localStorage.setItem(KEY, shareKey);
    localStorage.setItem(KEY_AT, String(Date.now()));
  },
  clear: () => {
    localStorage.removeItem(KEY);
    localStorage.removeItem(KEY_AT);
  },
};
