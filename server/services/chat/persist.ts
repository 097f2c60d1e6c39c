// Where a chat answer is stored: its chunks (the chunk journal's writes into message_chunks), its row's text
// kept close to the stream, and its final status.
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { MessageStatus, StreamChunk, StreamMeta } from '../../../common/contract/index.js';
import { type Database, repeatedWrite } from '../../db/client.js';
import { channels, messageChunks, messages } from '../../db/schema.js';
import type { StreamRun } from '../stream-run.js';

/** One chat answer being generated (or followed, or replayed). */
export type AnswerRun = StreamRun<StreamChunk, StreamMeta>;

/** The text of an answer its clients were sent so far. */
export const answerText = (run: AnswerRun): string => run.chunks.map((c) => c.content ?? '').join('');

const INSERT_CHUNKS = `insert into message_chunks (message_id, seq, content, error)
  select * from unnest($1::text[], $2::integer[], $3::text[], $4::text[])
  on conflict do nothing`;

/** The journal's writes, made once per database (each is prepared once; see repeatedWrite). */
const chunkWrites = new WeakMap<
  Database,
  { plain: (params: unknown[]) => Promise<void>; signalled: (params: unknown[]) => Promise<void> }
>();

/**
 * The journal's write: one INSERT of chunks of any answers, the columns as four arrays, so its text is the
 * same for any number of chunks. It runs for every chunk of every answer (at 10 streams one write per chunk):
 * its text is given once and sent as it is (repeatedWrite), not built by drizzle each time.
 */
export async function storeAnswerChunks(
  db: Database,
  batch: { run: AnswerRun; chunk: StreamChunk }[],
  /** PostgreSQL: the statement also notifies this channel of each answer it stored (see storedSignal). */
  signal: string | null = null,
) {
  let writes = chunkWrites.get(db);
  if (!writes) {
    writes = {
      plain: repeatedWrite(db, 'parley_store_chunks', INSERT_CHUNKS),
      // PostgreSQL runs a data-modifying WITH whether or not the rest reads it, and delivers the notifications
      // at commit (see storedSignal).
      signalled: repeatedWrite(
        db,
        'parley_store_chunks_signalled',
        `with write0 as (${INSERT_CHUNKS}) select pg_notify($5, id) from unnest($6::text[]) as id`,
      ),
    };
    chunkWrites.set(db, writes);
  }
  const ids: string[] = [];
  const seqs: number[] = [];
  const contents: (string | null)[] = [];
  const errors: (string | null)[] = [];
  for (const { run, chunk } of batch) {
    ids.push(run.meta.answerMessageId);
    seqs.push(chunk.chunkId);
    contents.push(chunk.content ?? null);
    errors.push(chunk.error ?? null);
  }
  if (!signal) await writes.plain([ids, seqs, contents, errors]);
  else await writes.signalled([ids, seqs, contents, errors, signal, [...new Set(ids)]]);
}

/**
 * Writes and their "stored" notifications in one statement: PostgreSQL runs a data-modifying WITH whether or
 * not the rest reads it, and delivers notifications at commit, so followers are told only once it is stored.
 */
const storedSignal = (writes: SQL[], signal: string, messageIds: string[]) =>
  sql`with ${sql.join(
    writes.map((write, i) => sql`${sql.raw(`write${i}`)} as (${write})`),
    sql`, `,
  )} select pg_notify(${signal}, id) from unnest(${sql.param(messageIds)}::text[]) as id`;

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

/** Answers whose text one interval write carries at most (the rest wait for the next tick). */
const INTERVAL_BATCH_ROWS = 1000;

type FinalStatus = { status: MessageStatus; error: string | null };

/**
 * Keeps the rows of this instance's live answers close to their streams (their text at most once per
 * interval, for readers of the channel list) and writes each answer's final status. Every interval, the text
 * of all answers that grew is written in one UPDATE: at 400 live answers one statement per tick instead of
 * 400. The chunks themselves are stored by the chunk journal.
 */
export function createAnswerWriter(
  db: Database,
  intervalMs: number,
  onError: (error: unknown, run?: AnswerRun) => void,
  /** Extra condition of the row writes: only the instance holding an answer's lease writes it. */
  held?: SQL,
  /** PostgreSQL: the final write also notifies this channel that the answer is stored (see storedSignal). */
  signal: string | null = null,
  /** Where the interval writes go (the stream connections, db/client.ts streamDb); final writes use `db`. */
  intervalDb: Database = db,
) {
  /** How many chunks of each answer its row holds the text of. */
  const written = new WeakMap<AnswerRun, number>();
  /** Answers whose text grew since their last write, in the order they grew. */
  const dirty = new Set<AnswerRun>();
  /** Answers whose final write started: no interval write carries them any more. */
  const ended = new WeakSet<AnswerRun>();
  let timer: NodeJS.Timeout | null = null;
  /** The interval write in flight: a final write waits for it, so an older text never overtakes it. */
  let writing: Promise<void> | null = null;

  async function writeInterval() {
    const batch: AnswerRun[] = [];
    for (const run of dirty) {
      if (batch.length === INTERVAL_BATCH_ROWS) break;
      dirty.delete(run);
      if (run.chunks.length > (written.get(run) ?? 0)) batch.push(run);
    }
    if (batch.length === 0) return;
    const lengths = batch.map((run) => run.chunks.length);
    const rows = batch.map((run) => sql`(${run.meta.answerMessageId}::text, ${answerText(run)}::text)`);
    try {
      await intervalDb.execute(sql`update ${messages} set content = v.content
        from (values ${sql.join(rows, sql`, `)}) as v(id, content)
        where ${and(sql`${messages.id} = v.id`, held)}`);
      for (const [i, run] of batch.entries()) written.set(run, Math.max(written.get(run) ?? 0, lengths[i]));
    } catch (error) {
      // Logged; the answers stay due and the next tick writes them (their final write is separate).
      onError(error);
      for (const run of batch) if (!ended.has(run)) dirty.add(run);
    }
  }

  function tick() {
    timer = null;
    if (writing || dirty.size === 0) return;
    writing = writeInterval().finally(() => {
      writing = null;
      if (dirty.size > 0) arm();
    });
  }

  function arm() {
    if (!timer) timer = setTimeout(tick, intervalMs);
  }

  return {
    /** The answer is growing (its chunk may still be on its way to the journal): written at the next tick. */
    schedule(run: AnswerRun) {
      if (ended.has(run)) return;
      dirty.add(run);
      if (!writing) arm();
    },

    /**
     * The answer's final text and status (after any interval write in flight), the channel's time, then
     * `onFinal` (followers on other instances finish, unless the write notified them). A failure is reported
     * and does not throw.
     */
    async finish(run: AnswerRun, final: FinalStatus, onFinal?: () => Promise<void>) {
      ended.add(run);
      dirty.delete(run);
      try {
        while (writing) await writing;
        // The answer's row and its channel's time in one statement.
        const answer = db
          .update(messages)
          .set({ content: answerText(run), status: final.status, error: final.error })
          .where(and(eq(messages.id, run.meta.answerMessageId), held))
          .getSQL();
        const channel = db
          .update(channels)
          .set({ updatedAt: sql`now()` })
          .where(eq(channels.id, run.meta.channelId))
          .getSQL();
        await db.execute(
          signal
            ? storedSignal([answer, channel], signal, [run.meta.answerMessageId])
            : sql`with answer as (${answer}) ${channel}`,
        );
        await onFinal?.();
      } catch (error) {
        onError(error, run);
      }
    },

    /** The database is closing: the write in flight ends, answers still due are not written (handed over). */
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      dirty.clear();
      while (writing) await writing;
    },
  };
}
export type AnswerWriter = ReturnType<typeof createAnswerWriter>;

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
