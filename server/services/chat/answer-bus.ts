// Signals between server instances about live answers, over PostgreSQL's LISTEN/NOTIFY: "more of this answer
// is stored" (one notification per stored batch, so followers on other instances read it) and "stop this
// answer" (the instance generating it aborts). One instance on PGlite needs no signals: both are local.
import type pg from 'pg';
import type { Logger } from '../../logger.js';

const STORED = 'parley_answer_stored';
const STOP = 'parley_answer_stop';
/** A lost LISTEN connection is opened again after this long; followers then re-read what they missed. */
const RECONNECT_MS = 1000;

export interface AnswerBus {
  /**
   * PostgreSQL: the notification channel of "stored", for a write that raises it in its own statement (one
   * round trip instead of the write and then stored()); null where the signals are local.
   */
  readonly storedChannel: string | null;
  /** Chunks or the final status of these answers (message ids) are stored. */
  stored(messageIds: string[]): Promise<void>;
  /** Calls `onStored` whenever more of the answer is stored (or the signal may have been missed). */
  follow(messageId: string, onStored: () => void): () => void;
  /** Asks whichever instance generates this answer (request id) to stop it. */
  requestStop(requestId: string): Promise<void>;
  onStop(handler: (requestId: string) => void): void;
  close(): Promise<void>;
}

function createFollowers() {
  const followers = new Map<string, Set<() => void>>();
  return {
    add(messageId: string, onStored: () => void) {
      const set = followers.get(messageId) ?? new Set();
      set.add(onStored);
      followers.set(messageId, set);
      return () => {
        set.delete(onStored);
        if (set.size === 0 && followers.get(messageId) === set) followers.delete(messageId);
      };
    },
    wake(messageId: string) {
      for (const onStored of followers.get(messageId) ?? []) onStored();
    },
    wakeAll() {
      for (const set of followers.values()) for (const onStored of set) onStored();
    },
  };
}

export function createLocalAnswerBus(): AnswerBus {
  const followers = createFollowers();
  const stopHandlers: ((requestId: string) => void)[] = [];
  return {
    storedChannel: null,
    async stored(messageIds) {
      for (const id of messageIds) followers.wake(id);
    },
    follow: followers.add,
    async requestStop(requestId) {
      for (const handler of stopHandlers) handler(requestId);
    },
    onStop: (handler) => stopHandlers.push(handler),
    async close() {},
  };
}

export async function createPostgresAnswerBus(options: {
  url: string;
  pool: pg.Pool;
  logger: Logger;
}): Promise<AnswerBus> {
  const followers = createFollowers();
  const stopHandlers: ((requestId: string) => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    // pg is loaded only on PostgreSQL (DATABASE_URL): the embedded default never needs it.
    const { default: pgSdk } = await import('pg');
    const next = new pgSdk.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === STORED) followers.wake(message.payload);
      else if (message.channel === STOP) for (const handler of stopHandlers) handler(message.payload);
    });
    const lost = (error?: unknown) => {
      if (client !== next || closed) return;
      client = null;
      options.logger.warn({ err: error }, 'the answer signal connection was lost; reconnecting');
      next.end().catch(() => {});
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`listen ${STORED}`);
    await next.query(`listen ${STOP}`);
    client = next;
  }

  async function reconnect() {
    if (closed) return;
    try {
      await connect();
      // Whatever was stored while nobody listened: every follower reads again.
      followers.wakeAll();
    } catch (error) {
      options.logger.warn({ err: error }, 'the answer signal connection failed; retrying');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  }

  await connect();
  return {
    storedChannel: STORED,
    async stored(messageIds) {
      if (messageIds.length === 0) return;
      await options.pool.query(`select pg_notify('${STORED}', id) from unnest($1::text[]) as id`, [
        messageIds,
      ]);
    },
    follow: followers.add,
    async requestStop(requestId) {
      await options.pool.query(`select pg_notify('${STOP}', $1)`, [requestId]);
    },
    onStop: (handler) => stopHandlers.push(handler),
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
