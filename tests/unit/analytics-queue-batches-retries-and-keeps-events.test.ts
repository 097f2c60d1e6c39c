import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent, AnalyticsEventStore } from '../../common/contract';
import {
  AnalyticsRefused,
  type AnalyticsStorage,
  clampBatchSize,
  createAnalyticsQueue,
  type QueuedEvent,
} from '../../src/workers/analytics-core';

function memoryStorage() {
  let events: QueuedEvent[] = [];
  let state: AnalyticsEventStore | undefined;
  const sorted = () => [...events].sort((a, b) => a.at - b.at);
  const storage: AnalyticsStorage = {
    add: async (e) => void events.push(e),
    replace: async (id, e) => {
      events = events.map((x) => (x.eventId === id ? { ...e, eventId: id } : x));
    },
    newest: async () => sorted().at(-1),
    oldest: async (limit) => sorted().slice(0, limit),
    remove: async (ids) => {
      events = events.filter((e) => !ids.includes(e.eventId));
    },
    count: async () => events.length,
    trim: async (keep) => {
      events = sorted().slice(Math.max(0, events.length - keep));
    },
    clear: async () => {
      events = [];
    },
    readState: async () => state,
    writeState: async (s) => {
      state = s;
    },
  };
  return { storage, events: () => sorted() };
}

function clock(start = Date.UTC(2026, 10, 23, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

let ids = 0;
const newId = () => `id-${++ids}`;

describe('analytics queue', () => {
  it('batch size is the spec 6 by default and kept within 1..30', () => {
    expect(clampBatchSize(undefined)).toBe(6);
    expect(clampBatchSize(0)).toBe(1);
    expect(clampBatchSize(31)).toBe(30);
    expect(clampBatchSize(12)).toBe(12);
  });

  it('sends when 6 are waiting, at most 50 per request, and removes only what the server took', async () => {
    const { storage, events } = memoryStorage();
    const c = clock();
    const sent: AnalyticsEvent[][] = [];
    const queue = createAnalyticsQueue(storage, async (batch) => void sent.push(batch), {
      now: c.now,
      newId,
    });
    await queue.setEnabled(true);
    for (let i = 0; i < 5; i++) {
      await queue.track('page_view', { n: i });
      c.advance(1000);
    }
    expect(sent).toHaveLength(0);
    await queue.track('page_view', { n: 5 });
    await queue.flush();
    expect(sent.map((b) => b.length)).toEqual([6]);
    expect(events()).toHaveLength(0);
    expect(Object.keys(sent[0][0]).sort()).toEqual([
      'eventId',
      'name',
      'occurredAt',
      'props',
      'sessionId',
      'webId',
    ]);

    await queue.setEnabled(false);
    for (let i = 0; i < 120; i++)
      await storage.add({ ...sent[0][0], eventId: `bulk-${i}`, at: i, key: `${i}` });
    await queue.setEnabled(true);
    await queue.flush();
    expect(sent.slice(1).map((b) => b.length)).toEqual([50, 50, 20]);
  });

  it('a failing send is tried 1 + 3 times, each cut at the send timeout, and nothing is lost', async () => {
    const { storage, events } = memoryStorage();
    let calls = 0;
    let aborted = 0;
    const queue = createAnalyticsQueue(
      storage,
      (_batch, signal) =>
        new Promise((_resolve, reject) => {
          calls += 1;
          signal.addEventListener('abort', () => {
            aborted += 1;
            reject(new Error('timeout'));
          });
        }),
      { sendTimeoutMs: 20, retryDelayMs: () => 1, newId },
    );
    await queue.setEnabled(true);
    await queue.track('page_view', { n: 1 });
    expect(await queue.flush()).toBe(0);
    expect(calls).toBe(4);
    expect(aborted).toBe(4);
    expect(events()).toHaveLength(1);
  });

  it('the same event within 300 ms counts once; a pause of 30 minutes starts a new session', async () => {
    const { storage, events } = memoryStorage();
    const c = clock();
    const queue = createAnalyticsQueue(storage, async () => {}, { now: c.now, newId, batchSize: 30 });
    await queue.setEnabled(true);
    queue.setContext({ ip: '203.0.113.9', country: 'DE', webId: 'web-1' });
    await queue.track('click', { id: 'send' });
    c.advance(299);
    await queue.track('click', { id: 'send' });
    c.advance(300);
    await queue.track('click', { id: 'send' });
    expect(events()).toHaveLength(2);
    const first = await queue.state();
    expect(first).toMatchObject({
      ip: '203.0.113.9',
      country: 'DE',
      webId: 'web-1',
      lastActivityTime: c.now(),
    });

    c.advance(29 * 60_000);
    await queue.track('page_view', {});
    expect((await queue.state())?.sessionId).toBe(first?.sessionId);
    c.advance(30 * 60_000 + 1);
    await queue.track('page_view', {});
    expect((await queue.state())?.sessionId).not.toBe(first?.sessionId);
  });

  it('keeps at most 500 (the oldest go first); refusing consent drops what waited', async () => {
    const { storage, events } = memoryStorage();
    const c = clock();
    const queue = createAnalyticsQueue(storage, async () => Promise.reject(new Error('offline')), {
      now: c.now,
      newId,
      batchSize: 30,
      retries: 0,
      retryDelayMs: () => 0,
    });
    await queue.setEnabled(true);
    for (let i = 0; i < 510; i++) {
      await queue.track('page_view', { n: i });
      c.advance(1);
    }
    await queue.flush();
    expect(events()).toHaveLength(500);
    expect(events()[0].props).toEqual({ n: 10 });
    await queue.setEnabled(false);
    expect(events()).toHaveLength(500);
    await queue.track('page_view', { n: 999 });
    expect(events()).toHaveLength(500);
    await queue.setEnabled(false, true);
    expect(events()).toHaveLength(0);
  });

  it('a batch the server refuses as malformed is dropped after one try instead of blocking the queue', async () => {
    const { storage, events } = memoryStorage();
    let calls = 0;
    const queue = createAnalyticsQueue(
      storage,
      async () => {
        calls += 1;
        throw new AnalyticsRefused('400');
      },
      { newId, retryDelayMs: () => 0 },
    );
    await queue.setEnabled(true);
    await queue.track('page_view', {});
    await queue.flush();
    expect(calls).toBe(1);
    expect(events()).toHaveLength(0);
  });
});
