/** A fixed-window counter per key; enough for one instance (the self-hosted shape). */
export function createRateLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** True when the call is allowed. */
    take(key: string, now = Date.now()): boolean {
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
