// The server-wide budget of document parses: at most `concurrency` parser threads at once, the rest wait
// in arrival order. A worker's heap limit bounds one parse; only this queue bounds their sum.
import os from 'node:os';

/**
 * What one parse may take, as a multiple of its heap limit: the typed arrays a parser fills (an inflated
 * pdf stream, an unzipped docx part) live outside the V8 heap and its limit. Measured: a pdf whose stream
 * inflates to 512 MB, parsed under a 256 MB heap limit, raised the process by about 1.1 GB.
 */
export const PARSE_MEMORY_PER_HEAP_MB = 4.5;

export interface ParseQueue {
  readonly concurrency: number;
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running and waiting parses now, and the most that ever ran at once (for operators and tests). */
  stats(): { running: number; waiting: number; peak: number };
}

/** How many parses may run at once: as many as the memory budget holds, at most one per core, at least one. */
export function parseConcurrency(settings: {
  parseConcurrency: number | null;
  parseMemoryMb: number | null;
  parseMaxHeapMb: number;
}): number {
  if (settings.parseConcurrency) return Math.max(1, settings.parseConcurrency);
  const budgetMb = settings.parseMemoryMb ?? Math.floor(os.totalmem() / 1024 / 1024 / 4);
  const fits = Math.floor(budgetMb / (settings.parseMaxHeapMb * PARSE_MEMORY_PER_HEAP_MB));
  return Math.max(1, Math.min(os.availableParallelism(), fits));
}

export function createParseQueue(concurrency: number): ParseQueue {
  const waiting: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  return {
    concurrency,
    async run(task) {
      // A finished parse hands its slot straight to the next waiter, so a newcomer can never slip in between.
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      peak = Math.max(peak, running);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    stats: () => ({ running, waiting: waiting.length, peak }),
  };
}
