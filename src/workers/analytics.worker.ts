// The analytics worker: the queue of analytics-core.ts kept in its own IndexedDB database, sent to the server
// every interval (and on bursts); the page only posts events here and never waits for the network.
import * as Comlink from 'comlink';
import Dexie, { type EntityTable } from 'dexie';
import {
  ANALYTICS,
  type AnalyticsEvent,
  type AnalyticsEventStore,
  AnalyticsPaths,
} from '../../common/contract';
import {
  AnalyticsRefused,
  type AnalyticsStorage,
  createAnalyticsQueue,
  type QueuedEvent,
} from './analytics-core';

class AnalyticsDatabase extends Dexie {
  events!: EntityTable<QueuedEvent, 'eventId'>;
  state!: EntityTable<AnalyticsEventStore & { key: 'event' }, 'key'>;
  constructor() {
    super('parley-analytics');
    this.version(1).stores({ events: 'eventId, at', state: 'key' });
  }
}

const db = new AnalyticsDatabase();

const storage: AnalyticsStorage = {
  add: async (event) => {
    await db.events.add(event);
  },
  replace: async (eventId, event) => {
    await db.events.put({ ...event, eventId });
  },
  newest: () => db.events.orderBy('at').last(),
  oldest: (limit) => db.events.orderBy('at').limit(limit).toArray(),
  remove: (eventIds) => db.events.bulkDelete(eventIds),
  count: () => db.events.count(),
  trim: async (keep) => {
    const extra = (await db.events.count()) - keep;
    if (extra > 0) await db.events.bulkDelete(await db.events.orderBy('at').limit(extra).primaryKeys());
  },
  clear: () => db.events.clear(),
  readState: async () => {
    const row = await db.state.get('event');
    if (!row) return undefined;
    const { key: _key, ...state } = row;
    return state;
  },
  writeState: async (state) => {
    await db.state.put({ ...state, key: 'event' });
  },
};

let language = 'en';
async function send(events: AnalyticsEvent[], signal: AbortSignal) {
  const response = await fetch(new URL(AnalyticsPaths.events, self.location.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', language },
    body: JSON.stringify({ events }),
    signal,
  });
  const body = (await response.json().catch(() => null)) as { code?: number } | null;
  if (response.status === 400) throw new AnalyticsRefused(`analytics batch refused: ${JSON.stringify(body)}`);
  if (!response.ok || body?.code !== 200) throw new Error(`analytics send failed: HTTP ${response.status}`);
}

let queue = createAnalyticsQueue(storage, send);
let context: { ip?: string; country?: string; webId?: string } = {};
let timer: ReturnType<typeof setInterval> | null = null;

const api = {
  /** Starts (or restarts) the queue; events left from an earlier page are sent at once. */
  async start(options: { mode: AnalyticsMode; batchSize?: number; intervalMs?: number; language?: string }) {
    language = options.language ?? language;
    if (options.batchSize !== undefined) {
      queue = createAnalyticsQueue(storage, send, { batchSize: options.batchSize });
      queue.setContext(context);
    }
    await api.setMode(options.mode);
    if (timer) clearInterval(timer);
    timer = setInterval(() => void queue.flush(), options.intervalMs ?? ANALYTICS.intervalMs);
    if (options.mode === 'allowed') void queue.flush();
  },
  /** allowed: queue and send; unknown (no choice yet): pause; denied: pause and drop what waited. */
  setMode: (mode: AnalyticsMode) => queue.setEnabled(mode === 'allowed', mode === 'denied'),
  setContext: (next: { ip?: string; country?: string; webId?: string; language?: string }) => {
    if (next.language) language = next.language;
    context = { ...context, ...next };
    queue.setContext(context);
  },
  track: (name: string, props?: AnalyticsEvent['props']) => queue.track(name, props),
  flush: () => queue.flush(),
  pending: () => queue.pending(),
  state: () => queue.state(),
};
export type AnalyticsWorkerApi = typeof api;
export type AnalyticsMode = 'allowed' | 'denied' | 'unknown';

self.addEventListener('online', () => void queue.flush());
Comlink.expose(api);
