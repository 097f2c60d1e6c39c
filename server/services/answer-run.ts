// One answer being generated. It lives apart from any HTTP request: clients subscribe from a chunk id,
// get everything after it, then the live rest. A chunk reaches clients only once it is in the database
// (the chunk journal below), so what a user saw survives a crash of the server.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { MessageStatus, StreamChunk, StreamMeta } from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { channels, messageChunks, messages } from '../db/schema.js';

export interface RunListener {
  chunk(chunk: StreamChunk): void;
  done(status: MessageStatus): void;
}

export class AnswerRun {
  /** The published chunks: durable, and the only ones clients are sent. */
  readonly chunks: StreamChunk[] = [];
  status: MessageStatus = 'streaming';
  readonly controller = new AbortController();
  private readonly listeners = new Set<RunListener>();
  private nextChunkId = 0;
  private lastPublished = -1;
  private settle: (status: MessageStatus) => void = () => {};
  /** Resolves with the final status once the answer is finished and stored. */
  readonly finished = new Promise<MessageStatus>((resolve) => {
    this.settle = resolve;
  });

  constructor(
    readonly requestId: string,
    readonly ownerId: string,
    readonly meta: StreamMeta,
  ) {}

  /** Replays chunks after `afterChunkId`, then follows live. Returns the unsubscribe function. */
  subscribe(afterChunkId: number, listener: RunListener): () => void {
    for (const chunk of this.chunks) if (chunk.chunkId > afterChunkId) listener.chunk(chunk);
    if (this.status !== 'streaming') {
      listener.done(this.status);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Numbers the next chunk; it is sent to nobody until `publish`. */
  make(piece: { content?: string; error?: string; code?: number }): StreamChunk {
    return { chunkId: this.nextChunkId++, ...piece };
  }

  /** Hands a (durable) chunk to the clients. */
  publish(chunk: StreamChunk) {
    this.lastPublished = chunk.chunkId;
    this.chunks.push(chunk);
    for (const listener of this.listeners) listener.chunk(chunk);
  }

  /** Publishes a chunk read back from the database under its stored number; new chunks are numbered after it. */
  restore(chunk: StreamChunk) {
    // Already sent (a run that was generated here and is followed now): each chunk reaches clients once.
    if (chunk.chunkId <= this.lastPublished) return;
    this.nextChunkId = Math.max(this.nextChunkId, chunk.chunkId + 1);
    this.publish(chunk);
  }

  /** Numbers and publishes at once: for runs rebuilt from the database, whose chunks are stored already. */
  push(piece: { content?: string; error?: string; code?: number }): StreamChunk {
    const chunk = this.make(piece);
    this.publish(chunk);
    return chunk;
  }

  finish(status: MessageStatus) {
    if (this.status !== 'streaming') return;
    this.status = status;
    for (const listener of this.listeners) listener.done(status);
    this.listeners.clear();
    this.settle(status);
  }

  /** This instance stops serving the answer (another continues it): clients here are let go, unfinished. */
  abandon() {
    if (this.status !== 'streaming') return;
    this.listeners.clear();
    this.settle('streaming');
  }

  get content(): string {
    return this.chunks.map((c) => c.content ?? '').join('');
  }
}

/** Rows per INSERT; far below PostgreSQL's 65,535 bind parameters (4 per row). */
const JOURNAL_BATCH_ROWS = 2000;

/**
 * Group commit for every live answer of this server: chunks wait here until one multi-row INSERT has stored
 * them, then they are published. One write is in flight at a time and everything that arrives meanwhile goes
 * into the next one, so a lone chat pays one round trip per chunk and 400 chats share one write.
 */
export function createChunkJournal(
  db: Database,
  onError: (error: unknown) => void,
  /** Tells other instances that these answers (message ids) have more stored. */
  onStored: (messageIds: string[]) => Promise<void> = async () => {},
) {
  const queue: { run: AnswerRun; chunk: StreamChunk }[] = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;

  async function writeOnce() {
    const batch = queue.splice(0, JOURNAL_BATCH_ROWS);
    try {
      await db
        .insert(messageChunks)
        .values(
          batch.map(({ run, chunk }) => ({
            messageId: run.meta.answerMessageId,
            seq: chunk.chunkId,
            content: chunk.content ?? null,
            error: chunk.error ?? null,
          })),
        )
        .onConflictDoNothing();
    } catch (error) {
      // The database is failing: the answer still reaches the user; its final write will report the failure.
      onError(error);
    }
    for (const { run, chunk } of batch) run.publish(chunk);
    onStored([...new Set(batch.map(({ run }) => run.meta.answerMessageId))]).catch(onError);
  }

  function kick() {
    if (writing || scheduled || queue.length === 0) return;
    scheduled = true;
    // setImmediate: chunks that arrive in the same turn of the event loop share the write.
    setImmediate(() => {
      scheduled = false;
      writing = writeOnce().finally(() => {
        writing = null;
        kick();
      });
    });
  }

  return {
    /** Queues a chunk; it is published once stored. */
    append(run: AnswerRun, piece: { content?: string; error?: string; code?: number }) {
      queue.push({ run, chunk: run.make(piece) });
      kick();
    },
    /** Resolves once every chunk of `run` queued so far is stored and published. */
    async drain(run: AnswerRun) {
      while (writing || scheduled || queue.some((item) => item.run === run)) {
        kick();
        await (writing ?? new Promise((resolve) => setImmediate(resolve)));
      }
    },
    pending: () => queue.length,
  };
}
export type ChunkJournal = ReturnType<typeof createChunkJournal>;

/**
 * Keeps the answer's row close to the stream (its text at most once per interval, for readers of the channel
 * list) and writes its final status. The chunks themselves are stored by the chunk journal.
 */
export function createRunPersister(
  db: Database,
  run: AnswerRun,
  intervalMs: number,
  onError: (error: unknown) => void,
  lease: {
    /** Extra condition of the row writes: only the instance holding the answer's lease writes it. */
    held?: SQL;
    /** Called once the final status is stored (followers on other instances finish). */
    onFinal?: () => Promise<void>;
  } = {},
) {
  let writtenLength = 0;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const write = async (final?: { status: MessageStatus; error: string | null }) => {
    const fresh = run.chunks.length > writtenLength;
    writtenLength = run.chunks.length;
    if (fresh || final) {
      await db
        .update(messages)
        .set({ content: run.content, ...(final ? { status: final.status, error: final.error } : {}) })
        .where(and(eq(messages.id, run.meta.answerMessageId), lease.held));
    }
    if (final) {
      await db.update(channels).set({ updatedAt: sql`now()` }).where(eq(channels.id, run.meta.channelId));
      await lease.onFinal?.();
    }
  };

  const enqueue = (final?: { status: MessageStatus; error: string | null }) => {
    chain = chain.then(() => write(final)).catch(onError);
    return chain;
  };

  return {
    schedule() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void enqueue();
      }, intervalMs);
    },
    finish(status: MessageStatus, error: string | null) {
      if (timer) clearTimeout(timer);
      timer = null;
      return enqueue({ status, error });
    },
  };
}
