// The device's cache (Dexie, its tables and the repositories on them) is not part of the page's start-up code: it
// is fetched as the app starts, beside the page's other chunks, and everything that reads or writes it waits on
// this one promise. A send, a sync or a logout made before it is here goes the same way once it has come.
import type * as LocalCacheModule from './cache';

export type LocalCache = typeof LocalCacheModule;

let loading: Promise<LocalCache> | undefined;
let loaded: LocalCache | undefined;

/** The cache's code and its one database; the first call starts fetching it. */
export function cacheReady(): Promise<LocalCache> {
  if (!loading) {
    loading = import('./cache').then((cache) => {
      loaded = cache;
      return cache;
    });
    // A failed fetch (offline, on a device that never had the chunk) is tried again by the next caller.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/** The cache if its code is already here, for a first render that can draw from it without waiting. */
export const cacheIfLoaded = (): LocalCache | undefined => loaded;
