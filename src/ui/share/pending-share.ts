// A shareKey in the query is kept here (and removed from the URL) until a logged-in user continues it.
import { SHARE_KEY_PATTERN } from '../../api/contract';

const KEY = 'parley.pendingShareKey';

export const pendingShare = {
  get: (): string | null => {
    const value = localStorage.getItem(KEY);
    return value && SHARE_KEY_PATTERN.test(value) ? value : null;
  },
  set: (shareKey: string) => {
    if (SHARE_KEY_PATTERN.test(shareKey)) localStorage.setItem(KEY, shareKey);
  },
  clear: () => localStorage.removeItem(KEY),
};
