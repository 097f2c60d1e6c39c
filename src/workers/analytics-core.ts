// The analytics queue, free of browser APIs so it can be tested on its own: events are kept in a store
// (IndexedDB in the worker) the moment they are tracked, so a reload or an offline period loses none; batches
// of at most 50 are sent when `batchSize` are waiting or every `intervalMs`, each send retried `retries`
// times within `sendTimeoutMs`; an event leaves the store only when the server has it.
import { ANALYTICS, type AnalyticsEvent, type AnalyticsEventStore } from '../../common/contract';

export interface QueuedEvent extends AnalyticsEvent {
  /** Milliseconds since the epoch, for order and the debounce. */
  at: number;
  /** name + props, to find a repeat of the same event within the debounce window. */
  key: string;
}

export interface AnalyticsStorage {
  add(event: QueuedEvent): Promise<void>;
  replace(eventId: string, event: QueuedEvent): Promise<void>;
  /** The newest event, for the debounce. */
  newest(): Promise<QueuedEvent | undefined>;
  oldest(limit: number): Promise<QueuedEvent[]>;
  remove(eventIds: string[]): Promise<void>;
  count(): Promise<number>;
  /** Deletes the oldest events beyond `keep`. */
  trim(keep: number): Promise<void>;
  clear(): Promise<void>;
  readState(): Promise<AnalyticsEventStore | undefined>;
  writeState(state: AnalyticsEventStore): Promise<void>;
}

/** The server refused the batch as malformed: sending it again cannot help, so it is dropped. */
export class AnalyticsRefused extends Error {}

/** Sends one batch; resolves when the server stored it, rejects otherwise (AnalyticsRefused: for good). */
export type AnalyticsSender = (events: AnalyticsEvent[], signal: AbortSignal) => Promise<void>;

export interface AnalyticsOptions {
  batchSize?: number;
  intervalMs?: number;
  sendTimeoutMs?: number;
  retries?: number;
  /** Wait before retry n (0-based). */
  retryDelayMs?: (attempt: number) => number;
  now?: () => number;
  newId?: () => string;
}

/** Batch size 6, allowed 1..30. */
export const clampBatchSize = (size: number | undefined) =>
  Math.min(ANALYTICS.batchSizeMax, Math.max(ANALYTICS.batchSizeMin, Math.round(size ?? ANALYTICS.batchSize)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAnalyticsQueue(
  storage: AnalyticsStorage,
  send: AnalyticsSender,
  options: AnalyticsOptions = {},
) {
  const batchSize = clampBatchSize(options.batchSize);
  const sendTimeoutMs = options.sendTimeoutMs ?? ANALYTICS.sendTimeoutMs;
  const retries = options.retries ?? ANALYTICS.retries;
  const retryDelay = options.retryDelayMs ?? ((attempt: number) => 250 * 2 ** attempt);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  let context = { ip: '', country: '', webId: '' };
  let enabled = false;
  let flushing: Promise<number> | null = null;
  // Tracks run one after another, so the debounce and the session see each other's writes.
  let chain: Promise<unknown> = Promise.resolve();

  async function session(at: number): Promise<AnalyticsEventStore> {
    const state = await storage.readState();
    const expired = !state || at - state.lastActivityTime > ANALYTICS.sessionTimeoutMs;
    const next: AnalyticsEventStore = {
      sessionId: expired ? newId() : state.sessionId,
      lastActivityTime: at,
      ip: context.ip || state?.ip || '',
      country: context.country || state?.country || '',
      webId: context.webId || state?.webId || '',
    };
    await storage.writeState(next);
    return next;
  }

  /** true: the server has the batch or refused it for good (either way it leaves the queue). */
  async function sendWithRetries(batch: QueuedEvent[]): Promise<boolean> {
    const wire: AnalyticsEvent[] = batch.map(({ at: _at, key: _key, ...event }) => event);
    for (let attempt = 0; attempt <= retries; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), sendTimeoutMs);
      try {
        await send(wire, controller.signal);
        return true;
      } catch (error) {
        if (error instanceof AnalyticsRefused) return true;
        if (attempt < retries) await sleep(retryDelay(attempt));
      } finally {
        clearTimeout(timer);
      }
    }
    return false;
  }

  async function flushOnce(): Promise<number> {
    let sent = 0;
    while (enabled) {
      const batch = await storage.oldest(ANALYTICS.perRequestMax);
      if (batch.length === 0) break;
      if (!(await sendWithRetries(batch))) break;
      await storage.remove(batch.map((e) => e.eventId));
      sent += batch.length;
    }
    return sent;
  }

  const api = {
    setContext(next: Partial<typeof context>) {
      context = { ...context, ...next };
    },
    /** Off: nothing is queued or sent; `drop` (consent refused) also deletes what waited. */
    async setEnabled(on: boolean, drop = false) {
      enabled = on;
      if (!on && drop) await storage.clear();
    },
    track(name: string, props: AnalyticsEvent['props'] = {}): Promise<void> {
      const run = chain.then(async () => {
        if (!enabled) return;
        const at = now();
        const key = `${name}\u0000${JSON.stringify(props)}`;
        const state = await session(at);
        const newest = await storage.newest();
        const event: QueuedEvent = {
          eventId: newId(),
          name,
          props,
          occurredAt: new Date(at).toISOString(),
          sessionId: state.sessionId,
          webId: state.webId,
          at,
          key,
        };
        // The same event again within the debounce window counts once (a double click, a re-render).
        if (newest && newest.key === key && at - newest.at < ANALYTICS.debounceMs) {
          await storage.replace(newest.eventId, { ...newest, at, occurredAt: event.occurredAt });
          return;
        }
        await storage.add(event);
        await storage.trim(ANALYTICS.queueMax);
        if ((await storage.count()) >= batchSize) void api.flush();
      });
      chain = run.catch(() => {});
      return run;
    },
    /** Sends everything waiting; concurrent calls share one pass. Answers how many were sent. */
    flush(): Promise<number> {
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    pending: () => storage.count(),
    state: () => storage.readState(),
  };
  return api;
}
export type AnalyticsQueue = ReturnType<typeof createAnalyticsQueue>;
