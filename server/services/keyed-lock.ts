// Runs tasks one at a time per key, in arrival order; other keys run freely. One server process is the
// self-hosted shape, so this is enough to make a check-then-insert atomic for one user.
export function createKeyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      // The last waiter clears the key so the map does not grow with every user ever seen.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
export type KeyedLock = ReturnType<typeof createKeyedLock>;
