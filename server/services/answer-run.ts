// One answer being generated. It lives apart from any HTTP request: clients subscribe from a chunk id,
// get everything after it, then the live rest. Chunks are persisted in batches as they stream.
import { eq, sql } from 'drizzle-orm';
import type { MessageStatus, StreamChunk, StreamMeta } from '../../src/api/contract.js';
import type { Database } from '../db/client.js';
import { channels, messageChunks, messages } from '../db/schema.js';

export interface RunListener {
  chunk(chunk: StreamChunk): void;
  done(status: MessageStatus): void;
}

export class AnswerRun {
  readonly chunks: StreamChunk[] = [];
  status: MessageStatus = 'streaming';
  readonly controller = new AbortController();
  private readonly listeners = new Set<RunListener>();

  constructor(
    readonly requestId: string,
    readonly ownerId: string,
    readonly meta: StreamMeta,
  ) {}

  /** Replays chunks after `afterChunkId`, then follows live. Returns the unsubscribe function. */
  subscribe(afterChunkId: number, listener: RunListener): () => void {
    for (const chunk of this.chunks.slice(Math.max(0, afterChunkId + 1))) listener.chunk(chunk);
    if (this.status !== 'streaming') {
      listener.done(this.status);
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  push(piece: { content?: string; error?: string; code?: number }): StreamChunk {
    const chunk: StreamChunk = { chunkId: this.chunks.length, ...piece };
    this.chunks.push(chunk);
    for (const listener of this.listeners) listener.chunk(chunk);
    return chunk;
  }

  finish(status: MessageStatus) {
    if (this.status !== 'streaming') return;
    this.status = status;
    for (const listener of this.listeners) listener.done(status);
    this.listeners.clear();
  }

  get content(): string {
    return this.chunks.map((c) => c.content ?? '').join('');
  }
}

/** Writes a run's chunks and growing content to the database at most once per interval. */
export function createRunPersister(
  db: Database,
  run: AnswerRun,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let persistedUpTo = 0;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const write = async (final?: { status: MessageStatus; error: string | null }) => {
    const fresh = run.chunks.slice(persistedUpTo);
    persistedUpTo = run.chunks.length;
    if (fresh.length > 0) {
      await db
        .insert(messageChunks)
        .values(
          fresh.map((c) => ({
            messageId: run.meta.answerMessageId,
            seq: c.chunkId,
            content: c.content ?? null,
            error: c.error ?? null,
          })),
        )
        .onConflictDoNothing();
    }
    if (fresh.length > 0 || final) {
      await db
        .update(messages)
        .set({ content: run.content, ...(final ? { status: final.status, error: final.error } : {}) })
        .where(eq(messages.id, run.meta.answerMessageId));
    }
    if (final) {
      await db.update(channels).set({ updatedAt: sql`now()` }).where(eq(channels.id, run.meta.channelId));
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
