// One streaming run (a chat answer or a presentation being generated), living apart from any HTTP request:
// clients subscribe from a chunk id, get everything after it, then the live rest. Chunks reach clients only
// once they are stored (the chunk journal), so what a user saw survives a crash, and an instance that did not
// generate the run follows it from the database (followStored) as the instance generating it stores more.
import type { AnswerBus } from './chat/answer-bus.js';

export type RunStatus = 'streaming' | 'done' | 'failed' | 'stopped';
export type FinalStatus = Exclude<RunStatus, 'streaming'>;

export interface RunListener<C> {
  chunk(chunk: C): void;
  done(status: FinalStatus): void;
}

/** A chunk without its number: the run numbers it. */
export type Piece<C> = Omit<C, 'chunkId'>;

export class StreamRun<C extends { chunkId: number }, M> {
  /** The published chunks: durable, and the only ones clients are sent. */
  readonly chunks: C[] = [];
  status: RunStatus = 'streaming';
  readonly controller = new AbortController();
  private readonly listeners = new Set<RunListener<C>>();
  private nextChunkId = 0;
  private lastPublished = -1;
  private settle: (status: RunStatus) => void = () => {};
  /** Resolves with the final status once the run is finished and stored ('streaming': handed to another instance). */
  readonly finished = new Promise<RunStatus>((resolve) => {
    this.settle = resolve;
  });

  constructor(
    readonly requestId: string,
    readonly ownerId: string,
    readonly meta: M,
  ) {}

  /** Replays chunks after `afterChunkId`, then follows live. Returns the unsubscribe function. */
  subscribe(afterChunkId: number, listener: RunListener<C>): () => void {
    for (const chunk of this.chunks) if (chunk.chunkId > afterChunkId) listener.chunk(chunk);
    if (this.status !== 'streaming') {
      listener.done(this.status);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Numbers the next chunk; it is sent to nobody until `publish`. */
  make(piece: Piece<C>): C {
    return { chunkId: this.nextChunkId++, ...piece } as C;
  }

  /** Hands a (durable) chunk to the clients. */
  publish(chunk: C) {
    this.lastPublished = chunk.chunkId;
    this.chunks.push(chunk);
    for (const listener of this.listeners) listener.chunk(chunk);
  }

  /** Publishes a chunk read back from the database under its stored number; new chunks are numbered after it. */
  restore(chunk: C) {
    // Already sent (a run that was generated here and is followed now): each chunk reaches clients once.
    if (chunk.chunkId <= this.lastPublished) return;
    this.nextChunkId = Math.max(this.nextChunkId, chunk.chunkId + 1);
    this.publish(chunk);
  }

  finish(status: FinalStatus) {
    if (this.status !== 'streaming') return;
    this.status = status;
    for (const listener of this.listeners) listener.done(status);
    this.listeners.clear();
    this.settle(status);
  }

  /** This instance stops serving the run (another continues it): clients here are let go, unfinished. */
  abandon() {
    if (this.status !== 'streaming') return;
    this.listeners.clear();
    this.settle('streaming');
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any run, whatever its chunks and meta
type AnyRun = StreamRun<any, any>;

/** Rows per INSERT; far below PostgreSQL's 65,535 bind parameters. */
const JOURNAL_BATCH_ROWS = 2000;

/**
 * The least time from one journal write's start to the next one's. A write costs the same whether it carries
 * one chunk or hundreds (about 0.5 ms of CPU across the server's threads at 10 streams, more than the chunk's
 * own sending), and with a few answers streaming their chunks arrive a few ms apart, each its own write: at 10
 * streams 20 writes per chat. Chunks that arrive within this time of the last write's start share the next
 * one. A lone answer's chunks (25 ms apart in the bench) are never held; with many answers writes take
 * longer than this anyway. What it holds a chunk back is at most this, added to its gap.
 */
const JOURNAL_SPACING_MS = 6;
/**
 * A write that carried this many chunks or more is followed at once: so many answers stream that chunks
 * gather anyway while a write is in flight, and under such load a timer fires a whole turn of the event loop
 * late (at 400 streams the first token came 40-50 ms later with the spacing than without).
 */
const JOURNAL_SPACING_ROWS = 16;

const NONE: ReadonlySet<never> = new Set();

/**
 * Group commit for every live run of one kind on this server: chunks wait here until one multi-row INSERT
 * (`store`) has stored them, then they are published. One write is in flight at a time and everything that
 * arrives meanwhile, or within `spacingMs` of its start, goes into the next one, so a lone run pays one round
 * trip per chunk and 400 share one.
 */
export function createChunkJournal<R extends AnyRun>(options: {
  store(batch: { run: R; chunk: R['chunks'][number] }[]): Promise<void>;
  onError(error: unknown): void;
  /** Tells other instances that these runs have more stored. */
  onStored?(runs: R[]): Promise<void>;
  /** The least time between the starts of two writes (JOURNAL_SPACING_MS). */
  spacingMs?: number;
}) {
  const spacingMs = options.spacingMs ?? JOURNAL_SPACING_MS;
  const queue: { run: R; chunk: R['chunks'][number] }[] = [];
  /** The runs whose chunks the write in flight carries. */
  let inFlight: ReadonlySet<R> = NONE;
  /** The next write, from when it is due until it has run (drain waits on it). */
  let next: Promise<void> | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let lastRows = 0;

  async function writeOnce() {
    const batch = queue.splice(0, JOURNAL_BATCH_ROWS);
    lastRows = batch.length;
    inFlight = new Set(batch.map(({ run }) => run));
    try {
      await options.store(batch);
    } catch (error) {
      // The database is failing: the run still reaches the user; its final write will report the failure.
      options.onError(error);
    }
    inFlight = NONE;
    for (const { run, chunk } of batch) run.publish(chunk);
    options.onStored?.([...new Set(batch.map(({ run }) => run))]).catch(options.onError);
  }

  function kick() {
    if (next || queue.length === 0) return;
    const wait = lastRows >= JOURNAL_SPACING_ROWS ? 0 : lastStart + spacingMs - performance.now();
    next = new Promise<void>((resolve) => {
      const write = () => {
        lastStart = performance.now();
        void writeOnce()
          .finally(() => {
            next = null;
            resolve();
            kick();
          })
          .catch(options.onError);
      };
      // setImmediate: chunks that arrive in the same turn of the event loop share the write.
      if (wait >= 1) setTimeout(write, wait);
      else setImmediate(write);
    });
  }

  return {
    /** Queues a chunk; it is published once stored. */
    append(run: R, piece: Piece<R['chunks'][number]>) {
      queue.push({ run, chunk: run.make(piece) });
      kick();
    },
    /**
     * Resolves once every chunk of `run` queued so far is stored and published (not waiting for other runs'
     * writes after them, which at 400 streams never stop).
     */
    async drain(run: R) {
      while (inFlight.has(run) || queue.some((item) => item.run === run)) {
        kick();
        await next;
      }
    },
    pending: () => queue.length,
  };
}

/**
 * Follows a run another instance generates: what is stored now, then each batch it stores (one signal per
 * batch on `bus` under `key`), until its final status is stored. Whoever generates it (its first instance or
 * one that took it over) stores the same chunk numbers, so the client gets each piece once.
 */
export function followStored<C extends { chunkId: number }>(options: {
  run: StreamRun<C, unknown>;
  bus: AnswerBus;
  key: string;
  /** Stored chunks numbered `fromChunkId` and after, in order. */
  readChunks(fromChunkId: number): Promise<C[]>;
  /** The stored status (null: the run is gone, e.g. deleted with its presentation). */
  readStatus(): Promise<RunStatus | null>;
  /** A signal can be missed (a reconnect): read anyway this often. */
  pollMs: number;
  onError(error: unknown): void;
}): Promise<void> {
  const { run } = options;
  let nextChunkId = 0;
  let reading: Promise<void> | null = null;
  let again = false;
  const readChunks = async () => {
    for (const chunk of await options.readChunks(nextChunkId)) {
      run.restore(chunk);
      nextChunkId = chunk.chunkId + 1;
    }
  };
  const readOnce = async () => {
    await readChunks();
    const status = await options.readStatus();
    if (status === 'streaming') return;
    // The final status is written after the last chunk: read once more for chunks stored meanwhile.
    await readChunks();
    run.finish(status ?? 'failed');
  };
  const read = () => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        await readOnce().catch(options.onError);
      } while (again && run.status === 'streaming');
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
  const unfollow = options.bus.follow(options.key, () => void read());
  const poll = setInterval(() => void read(), options.pollMs);
  poll.unref();
  void run.finished.then(() => {
    unfollow();
    clearInterval(poll);
  });
  return read();
}
