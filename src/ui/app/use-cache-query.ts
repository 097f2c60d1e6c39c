// Live reads of the device's cache for components whose code starts before the cache's (src/local/db.ts): nothing
// (or the given first value) until its code is here, then the query's answers as they change, like Dexie's
// useLiveQuery, which could not be used here without bringing Dexie into the start-up code.
import { useEffect, useState } from 'react';
import { cacheIfLoaded, cacheReady, type LocalCache } from '../../local/db';

/** The cache once its code is here; undefined until then (the component renders again when it comes). */
export function useLocalCache(): LocalCache | undefined {
  const [cache, setCache] = useState(cacheIfLoaded);
  useEffect(() => {
    if (cache) return;
    let live = true;
    cacheReady().then(
      (loaded) => live && setCache(() => loaded),
      // Offline on a device that never fetched it: what waits on the cache stays as it is.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [cache]);
  return cache;
}

export function useCacheQuery<T>(query: (cache: LocalCache) => Promise<T>, deps: unknown[]): T | undefined;
export function useCacheQuery<T, F>(
  query: (cache: LocalCache) => Promise<T>,
  deps: unknown[],
  first: F,
): T | F;
/**
 * The query's answer, read again whenever a table it read changes; `first` until the first answer. As with
 * useLiveQuery, a change of `deps` keeps the previous answer until the new one comes, and a failed read is thrown
 * to the nearest error boundary.
 */
export function useCacheQuery<T, F>(
  query: (cache: LocalCache) => Promise<T>,
  deps: unknown[],
  first?: F,
): T | F | undefined {
  const cache = useLocalCache();
  const [answer, setAnswer] = useState<{ value: T | F | undefined; error?: unknown }>({ value: first });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps say when the query changes
  useEffect(() => {
    if (!cache) return;
    const subscription = cache
      .liveQuery(() => query(cache))
      .subscribe({
        next: (value) =>
          setAnswer((previous) =>
            previous.error === undefined && Object.is(previous.value, value) ? previous : { value },
          ),
        error: (error) => setAnswer((previous) => ({ value: previous.value, error })),
      });
    return () => subscription.unsubscribe();
  }, [cache, ...deps]);
  if (answer.error) throw answer.error;
  return answer.value;
}
