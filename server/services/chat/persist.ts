// Where a chat answer is stored: its chunks (the chunk journal's writes into message_chunks), its row's text
// kept close to the stream, and its final status.
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { MessageStatus, StreamChunk, StreamMeta } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { channels, messageChunks, messages } from '../../db/schema.js';
import type { StreamRun } from '../stream-run.js';

/** One chat answer being generated (or followed, or replayed). */
export type AnswerRun = StreamRun<StreamChunk, StreamMeta>;

/** The text of an answer its clients were sent so far. */
export const answerText = (run: AnswerRun): string => run.chunks.map((c) => c.content ?? '').join('');

/** The journal's write: one multi-row INSERT of chunks of any answers. */
export async function storeAnswerChunks(db: Database, batch: { run: AnswerRun; chunk: StreamChunk }[]) {
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
}

/** An answer's stored chunks numbered `fromChunkId` and after, in order. */
export async function storedAnswerChunks(
  db: Database,
  messageId: string,
  fromChunkId = 0,
): Promise<StreamChunk[]> {
  const rows = await db
    .select()
    .from(messageChunks)
    .where(and(eq(messageChunks.messageId, messageId), gte(messageChunks.seq, fromChunkId)))
    .orderBy(asc(messageChunks.seq));
  return rows.map((row) => ({
    chunkId: row.seq,
    content: row.content ?? undefined,
    error: row.error ?? undefined,
  }));
}

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
        .set({ content: answerText(run), ...(final ? { status: final.status, error: final.error } : {}) })
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

/** The id of the channel's last question. */
export async function lastUserMessageId(db: Database, channelId: string): Promise<string> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.channelId, channelId), eq(messages.role, 'user')))
    .orderBy(desc(messages.position))
    .limit(1);
  return row?.id ?? '';
}

/** The channel's messages in order, as turns for the model, without the answer being made (`excludeId`). */
export async function conversation(db: Database, channelId: string, excludeId: string) {
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content })
    .from(messages)
    .where(eq(messages.channelId, channelId))
    .orderBy(asc(messages.position));
  return rows
    .filter((r) => r.id !== excludeId && r.content)
    .map((r) => ({ role: r.role, content: r.content }));
}
