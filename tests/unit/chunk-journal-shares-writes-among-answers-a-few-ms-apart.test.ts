// The chunk journal (server/services/stream-run.ts) stores every chunk before a client is sent it; chunks of
// several answers that arrive a few ms apart share one write instead of one write each, while a lone answer's
// chunks, far apart, are each written as they come.
import { describe, expect, it } from 'vitest';
import { createChunkJournal, StreamRun } from '../../server/services/stream-run';

type Chunk = { chunkId: number; content?: string };
type Run = StreamRun<Chunk, null>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A journal whose store keeps what it was given (a write takes a turn of the event loop, as a database's). */
function journalWithStore() {
  const stored = new Set<string>();
  const writes: number[] = [];
  /** When each write started (performance.now()). */
  const starts: number[] = [];
  const journal = createChunkJournal<Run>({
    async store(batch) {
      starts.push(performance.now());
      await new Promise((resolve) => setImmediate(resolve));
      writes.push(batch.length);
      for (const { run, chunk } of batch) stored.add(`${run.requestId}:${chunk.chunkId}`);
    },
    onError: (error) => {
      throw error;
    },
  });
  return { journal, stored, writes, starts };
}

/** Runs that record each chunk they publish and whether it was stored by then. */
function runsOf(count: number, stored: Set<string>) {
  const unstoredSends: string[] = [];
  const sent: string[] = [];
  const runs = Array.from({ length: count }, (_v, i) => {
    const run: Run = new StreamRun(`r${i}`, 'owner', null);
    run.subscribe(-1, {
      chunk(chunk) {
        const key = `${run.requestId}:${chunk.chunkId}`;
        sent.push(key);
        if (!stored.has(key)) unstoredSends.push(key);
      },
      done() {},
    });
    return run;
  });
  return { runs, sent, unstoredSends };
}

describe('the chunk journal', () => {
  it('writes a lone answer’s chunks one by one, as they come', async () => {
    const { journal, stored, writes } = journalWithStore();
    const { runs, sent, unstoredSends } = runsOf(1, stored);
    for (let i = 0; i < 5; i++) {
      journal.append(runs[0], { content: `piece ${i}` });
      await sleep(25);
    }
    await journal.drain(runs[0]);
    expect(writes).toEqual([1, 1, 1, 1, 1]);
    expect(sent).toHaveLength(5);
    expect(unstoredSends).toEqual([]);
  });

  it('lets ten answers’ chunks, 2.5 ms apart, share writes, each sent only once stored', async () => {
    const { journal, stored, writes, starts } = journalWithStore();
    const { runs, sent, unstoredSends } = runsOf(10, stored);
    // Each answer sends a chunk every 25 ms, the ten of them 2.5 ms apart: 80 chunks in 200 ms.
    await Promise.all(
      runs.map(async (run, i) => {
        await sleep(i * 2.5);
        for (let k = 0; k < 8; k++) {
          journal.append(run, { content: `piece ${k}` });
          await sleep(25);
        }
      }),
    );
    await Promise.all(runs.map((run) => journal.drain(run)));
    expect(sent).toHaveLength(80);
    expect(unstoredSends).toEqual([]);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(80);
    // Small writes start 6 ms apart (a timer can fire a little early by performance.now(): the median is asked
    // for); a loaded machine only makes the gaps longer. Without the spacing chunks 2.5 ms apart were written
    // some 2.5 ms apart, 67 to 80 writes.
    const gaps = starts
      .slice(1)
      .map((start, i) => start - starts[i])
      .sort((a, b) => a - b);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(5);
    expect(writes.length).toBeLessThan(60);
  });
});
