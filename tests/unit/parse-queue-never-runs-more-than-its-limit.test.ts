// The server-wide parse budget: never more parses at once than its limit, waiters served in order.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createParseQueue, parseConcurrency } from '../../server/services/documents/parse-queue';

describe('parse queue', () => {
  it('runs at most its limit at once and serves waiters in arrival order', async () => {
    const queue = createParseQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      return n;
    };
    const first = [0, 1, 2, 3, 4].map((n) => queue.run(task(n)));
    // Arrives while the first two run and three wait: it waits behind them.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const late = queue.run(task(5));
    expect(await Promise.all([...first, late])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4, 5]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, peak: 2 });
  });

  it('a failing parse frees its slot', async () => {
    const queue = createParseQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.stats().running).toBe(0);
  });

  it('derives its limit from the memory budget, at least one, at most one per core', () => {
    expect(parseConcurrency({ parseConcurrency: 3, parseMemoryMb: null, parseMaxHeapMb: 256 })).toBe(3);
    expect(parseConcurrency({ parseConcurrency: null, parseMemoryMb: 100, parseMaxHeapMb: 256 })).toBe(1);
    const many = parseConcurrency({ parseConcurrency: null, parseMemoryMb: 1_000_000, parseMaxHeapMb: 256 });
    expect(many).toBeGreaterThanOrEqual(1);
    expect(many).toBe(os.availableParallelism());
  });
});
