// Generating chat answers: the provider's stream into stored chunks (published once stored), answers another
// instance generates followed from the database, answers whose instance died continued here, this instance's
// leases renewed, and its answers handed over (or ended) when it shuts down.
import { eq } from 'drizzle-orm';
import { type Language, type MessageStatus, ResponseCode } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { answerLinks, channels, messages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { translate } from '../../messages/index.js';
import type { AiProvider } from '../../providers/ai/index.js';
import type { ChatTurn, GroundingSource, WritingTask } from '../../providers/ai/provider.js';
import type { Caller } from '../auth/sessions.js';
import type { Meter } from '../billing/quotas.js';
import { groundedTurns } from '../documents/grounded-prompt.js';
import { type AnswerLease, type LeasedAnswer, startLeaseRounds } from '../run-lease.js';
import { createChunkJournal, followStored, StreamRun } from '../stream-run.js';
import type { AnswerBus } from './answer-bus.js';
import type { ChannelService } from './channels.js';
import {
  type AnswerRun,
  answerText,
  conversation,
  createAnswerWriter,
  lastUserMessageId,
  storeAnswerChunks,
  storedAnswerChunks,
} from './persist.js';

export interface ChatDeps {
  db: Database;
  /** The chunk journal's and the interval writes' database (db/client.ts: streamDb); `db` if not given. */
  streamDb?: Database;
  ai: AiProvider;
  channels: ChannelService;
  logger: Logger;
  /** Model permission and plan quotas (20001 over quota). */
  meter: Meter;
  persistIntervalMs: number;
  idleTimeoutMs: number;
  /** Which instance generates which answer (the lease on its row). */
  lease: AnswerLease;
  /** Signals to the other instances on the same database. */
  bus: AnswerBus;
  /** Set when other instances may share the database (PostgreSQL): renew leases and adopt stale ones. */
  leaseMs: number | null;
  /** GPT-4o's image tool (ChatImage sends): makes the picture and answers its Markdown reference. */
  imageTool?: (caller: Caller, prompt: string) => Promise<string>;
  /** Document chats: the numbered page sources of an answer (null for other chats), kept per answer. */
  grounding?: {
    ground(
      caller: Caller,
      channelId: string,
      channelType: string,
      question: string,
      searchMode?: 'web' | 'academic',
    ): Promise<GroundingSource[] | null>;
    recordSources(messageId: string, channelId: string, sources: GroundingSource[]): Promise<void>;
  };
}

const RETAIN_FINISHED_RUN_MS = 5 * 60 * 1000;
/** The abort reason of answers cut off because this server is shutting down (not the user's Stop). */
const SHUTDOWN = 'server shutdown';
/** The abort reason of answers this instance stops generating but another instance continues. */
const HANDOVER = 'handed over';
const LEASE_LOST = 'lease lost';
const INTERRUPTED = 'Interrupted by a server restart.';

export function createAnswerGenerator(deps: ChatDeps) {
  const { db } = deps;
  /** requestId -> the answer this instance generates or follows (kept a while after it ends, for resumes). */
  const runs = new Map<string, AnswerRun>();
  const journal = createChunkJournal<AnswerRun>({
    store: (batch) => storeAnswerChunks(deps.streamDb ?? db, batch, deps.bus.storedChannel),
    onError: (error) => deps.logger.error({ err: error }, 'storing answer chunks failed'),
    // On PostgreSQL the write itself notifies the other instances.
    onStored: deps.bus.storedChannel
      ? undefined
      : (stored) => deps.bus.stored(stored.map((run) => run.meta.answerMessageId)),
  });
  /** Answers generated on other instances that clients here follow (read from the database as it grows). */
  const following = new WeakSet<AnswerRun>();
  /** The rows of this instance's answers: all live answers' text in one write per interval, then each final. */
  const writer = createAnswerWriter(
    db,
    deps.persistIntervalMs,
    (error, run) =>
      deps.logger.error({ err: error, requestId: run?.requestId }, 'persisting an answer failed'),
    deps.lease.held(),
    deps.bus.storedChannel,
    deps.streamDb,
  );
  const finish = (run: AnswerRun, status: MessageStatus, error: string | null) =>
    writer.finish(
      run,
      { status, error },
      deps.bus.storedChannel ? undefined : () => deps.bus.stored([run.meta.answerMessageId]),
    );

  /**
   * An answer another instance is generating: what is stored now, then each batch it stores (one signal per
   * batch), until its final status is stored. Whoever generates it (its first instance or one that took it
   * over) writes the same chunk numbers, so the client gets each piece once.
   */
  async function followRun(run: AnswerRun): Promise<AnswerRun> {
    following.add(run);
    void run.finished.then(() =>
      setTimeout(() => {
        if (runs.get(run.requestId) === run) runs.delete(run.requestId);
      }, RETAIN_FINISHED_RUN_MS).unref(),
    );
    await followStored({
      run,
      bus: deps.bus,
      key: run.meta.answerMessageId,
      readChunks: (from) => storedAnswerChunks(db, run.meta.answerMessageId, from),
      readStatus: async () =>
        (
          await db
            .select({ status: messages.status })
            .from(messages)
            .where(eq(messages.id, run.meta.answerMessageId))
            .limit(1)
        )[0]?.status ?? null,
      pollMs: Math.max(250, (deps.leaseMs ?? 3000) / 3),
      onError: (error) =>
        deps.logger.warn({ err: error, requestId: run.requestId }, 'following an answer failed'),
    });
    return run;
  }

  async function generate(
    run: AnswerRun,
    turns: ChatTurn[],
    language: Language,
    writing?: WritingTask,
    ground?: (() => Promise<GroundingSource[] | null>) | null,
    tool?: () => Promise<string>,
    /** The answer's text so far (taken over from an instance that died): the provider continues after it. */
    prefix?: string,
  ) {
    const idle = new AbortController();
    let idleTimer = setTimeout(() => idle.abort(), deps.idleTimeoutMs);
    const signal = AbortSignal.any([run.controller.signal, idle.signal]);
    let error: string | null = null;
    try {
      const sources = ground ? ((await ground()) ?? undefined) : undefined;
      // A tool answers in one piece instead of the model's stream.
      if (tool) {
        // The image provider keeps its own time limit (IMAGE_TIMEOUT_MS).
        clearTimeout(idleTimer);
        journal.append(run, { content: await tool() });
      } else {
        const pieces = deps.ai
          .stream({
            model: run.meta.model,
            messages: sources ? groundedTurns(sources, turns) : turns,
            signal,
            language,
            writing,
            sources,
            ...(prefix ? { prefix } : {}),
          })
          [Symbol.asyncIterator]();
        for (let next = await pieces.next(); !next.done; next = await pieces.next()) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(() => idle.abort(), deps.idleTimeoutMs);
          journal.append(run, { content: next.value });
          writer.schedule(run);
        }
      }
      if (idle.signal.aborted) throw new Error(`no answer within ${Math.round(deps.idleTimeoutMs / 1000)} s`);
    } catch (cause) {
      if (!run.controller.signal.aborted) {
        if (cause instanceof AppError) {
          // Grounding refused (search not configured or not answering): its own translated message.
          error = translate(language, cause.messageKey, cause.options.params);
          journal.append(run, { error, code: cause.code });
        } else {
          const detail = idle.signal.aborted
            ? `no answer within ${Math.round(deps.idleTimeoutMs / 1000)} s`
            : cause instanceof Error
              ? cause.message
              : String(cause);
          error = translate(language, 'chat.providerError', { detail });
          deps.logger.warn({ requestId: run.requestId, detail }, 'AI provider failed');
          journal.append(run, { error, code: ResponseCode.ServerError });
        }
      }
    } finally {
      clearTimeout(idleTimer);
    }
    const reason = run.controller.signal.reason;
    if (!error && (reason === HANDOVER || reason === LEASE_LOST)) {
      // Another instance continues it from the stored chunks: store ours, write nothing final.
      await journal.drain(run);
      if (reason === LEASE_LOST) {
        // Presumed dead and taken over (a stall longer than the lease): clients here follow the new owner.
        void followRun(run);
        return;
      }
      await deps.lease
        .release([run.requestId])
        .catch((cause) => deps.logger.warn({ err: cause }, 'release failed'));
      run.abandon();
      if (runs.get(run.requestId) === run) runs.delete(run.requestId);
      return;
    }
    if (!error && reason === SHUTDOWN) error = INTERRUPTED;
    const status = error ? 'failed' : run.controller.signal.aborted ? 'stopped' : 'done';
    // Persist before announcing `done`, so a client that reloads the channel right after sees the final answer.
    await journal.drain(run);
    await finish(run, status, error);
    run.finish(status);
    setTimeout(() => {
      if (runs.get(run.requestId) === run) runs.delete(run.requestId);
    }, RETAIN_FINISHED_RUN_MS).unref();
  }

  /**
   * Continues an answer whose instance died (its lease went stale), now leased to this one: its stored chunks
   * are kept and the provider continues after their text, so the user sees one answer. Answers built from
   * more than the conversation (documents, search results, writing actions) cannot be rebuilt: they end
   * failed with the text they have, as before.
   */
  async function takeOver(row: LeasedAnswer): Promise<void> {
    const requestId = row.requestId ?? row.id;
    const [channel] = await db.select().from(channels).where(eq(channels.id, row.channelId)).limit(1);
    if (!channel) return;
    const run = new StreamRun(requestId, channel.ownerId, {
      channelId: channel.id,
      channelName: channel.name,
      userMessageId: await lastUserMessageId(db, channel.id),
      answerMessageId: row.id,
      model: row.model,
    });
    const chunks = await storedAnswerChunks(db, row.id);
    for (const chunk of chunks) run.restore(chunk);
    runs.set(requestId, run);
    const failedWith = chunks.find((chunk) => chunk.error)?.error ?? null;
    const [linked] = await db
      .select({ n: answerLinks.n })
      .from(answerLinks)
      .where(eq(answerLinks.messageId, row.id))
      .limit(1);
    if (failedWith || channel.channelType !== 'CHAT' || linked) {
      await finish(run, 'failed', failedWith ?? INTERRUPTED);
      run.finish('failed');
      return;
    }
    deps.logger.info(
      { requestId, storedChunks: chunks.length },
      'continuing an answer whose instance stopped',
    );
    const turns = await conversation(db, channel.id, row.id);
    void generate(
      run,
      turns,
      (row.language ?? 'en') as Language,
      undefined,
      null,
      undefined,
      answerText(run),
    );
  }

  /** Adopts answers whose instance stopped renewing their lease (all streaming ones: `everyStreaming`). */
  async function adoptStale(everyStreaming = false): Promise<void> {
    for (;;) {
      const claimed = await deps.lease.claimStale(everyStreaming);
      for (const row of claimed)
        await takeOver(row).catch((error) =>
          deps.logger.error({ err: error, requestId: row.requestId }, 'continuing an answer failed'),
        );
      if (claimed.length === 0 || !everyStreaming) return;
    }
  }

  /** Renews this instance's leases; answers another instance took (we were presumed dead) stop here. */
  async function leaseRound(): Promise<void> {
    // Only runs this instance had before the renewal started: a run added meanwhile had its row written
    // after the renewal read the table, so it is missing there without another instance having taken it.
    const before = [...runs.values()].filter((run) => run.status === 'streaming' && !following.has(run));
    const held = await deps.lease.renew();
    for (const run of before)
      if (run.status === 'streaming' && !following.has(run) && !held.has(run.requestId))
        run.controller.abort(LEASE_LOST);
    await adoptStale();
  }

  const stopLeaseRounds =
    deps.leaseMs === null
      ? null
      : startLeaseRounds(deps.leaseMs, leaseRound, (error) =>
          deps.logger.warn({ err: error }, 'renewing answer leases failed'),
        );

  deps.bus.onStop((requestId) => {
    const run = runs.get(requestId);
    if (run && !following.has(run)) run.controller.abort();
  });

  return {
    runs,
    follow: followRun,
    generate,
    adoptStale,
    /** Whether this answer is followed from another instance (not generated here). */
    isFollowed: (run: AnswerRun) => following.has(run),
    activeRuns: () => [...runs.values()].filter((r) => r.status === 'streaming' && !following.has(r)).length,

    /**
     * Before the database closes. Other instances share the database: live answers are handed over (their
     * leases released, so one of them continues at once). Alone: they end as interrupted, everything they
     * sent stored.
     */
    async shutdown(): Promise<void> {
      stopLeaseRounds?.();
      const live = [...runs.values()].filter((run) => run.status === 'streaming');
      for (const run of live) {
        if (following.has(run)) run.abandon();
        else run.controller.abort(deps.leaseMs === null ? SHUTDOWN : HANDOVER);
      }
      await Promise.all(live.map((run) => run.finished));
      await writer.close();
    },
  };
}
export type AnswerGenerator = ReturnType<typeof createAnswerGenerator>;
