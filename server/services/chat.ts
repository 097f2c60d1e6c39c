// Chat sends: idempotent by requestId, so a reconnecting client (same requestId + Last-Event-ID) resumes
// the same answer instead of starting a new one, on this instance or any other on the same database.
// Answers finish even when every client has gone, and when their instance dies another one continues them.
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { z } from 'zod';
import type { SendRequest as SendSchema } from '../../common/contract/chat.schema.js';
import {
  type ChatMessage,
  type Language,
  ResponseCode,
  type SendRequest,
} from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { answerLinks, channels, messages } from '../db/schema.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Logger } from '../logger.js';
import { translate } from '../messages/index.js';
import type { AiProvider } from '../providers/ai/index.js';
import type { ChatTurn, GroundingSource, WritingTask } from '../providers/ai/provider.js';
import type { AnswerBus } from './answer-bus.js';
import type { Meter } from './billing/quotas.js';
import type { ChannelService } from './channels.js';
import {
  type AnswerRun,
  answerText,
  createRunPersister,
  storeAnswerChunks,
  storedAnswerChunks,
} from './chat/persist.js';
import { CHAT_IMAGE, IMAGE_TOOL_MODEL } from './chat-image.js';
import { groundedTurns } from './documents/grounded-prompt.js';
import type { AnswerLease, LeasedAnswer } from './run-lease.js';
import type { Caller } from './sessions.js';
import { createChunkJournal, followStored, StreamRun } from './stream-run.js';
import { WRITING_CHANNEL_TYPE, writingTaskOf, writingTurns, writingUserMessage } from './writing-prompts.js';

type ParsedSend = z.output<typeof SendSchema>;

export type { SendRequest };

const RETAIN_FINISHED_RUN_MS = 5 * 60 * 1000;
/** The abort reason of answers cut off because this server is shutting down (not the user's Stop). */
const SHUTDOWN = 'server shutdown';
/** The abort reason of answers this instance stops generating but another instance continues. */
const HANDOVER = 'handed over';
const LEASE_LOST = 'lease lost';
const INTERRUPTED = 'Interrupted by a server restart.';
const CHANNEL_NAME_FROM_MESSAGE = 50;

let lastPosition = 0;
/** Strictly increasing positions, so messages created in the same millisecond keep their order. */
const nextPosition = () => {
  lastPosition = Math.max(Date.now() * 1000, lastPosition + 1);
  return lastPosition;
};

export function channelNameFrom(message: string): string {
  const firstLine = message.trim().split('\n')[0]?.trim() ?? '';
  return firstLine.slice(0, CHANNEL_NAME_FROM_MESSAGE) || 'New chat';
}

export function createChatService(deps: {
  db: Database;
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
}) {
  const { db } = deps;
  const runs = new Map<string, AnswerRun>();
  const starting = new Map<string, Promise<AnswerRun>>();
  const journal = createChunkJournal<AnswerRun>({
    store: (batch) => storeAnswerChunks(db, batch),
    onError: (error) => deps.logger.error({ err: error }, 'storing answer chunks failed'),
    onStored: (stored) => deps.bus.stored(stored.map((run) => run.meta.answerMessageId)),
  });
  /** Answers generated on other instances that clients here follow (read from the database as it grows). */
  const following = new WeakSet<AnswerRun>();

  /** Stops an answer wherever it is being generated (a message giving way to a new one). */
  function stopAnywhere(requestId: string | null) {
    if (!requestId) return;
    const run = runs.get(requestId);
    if (run && !following.has(run)) run.controller.abort();
    else
      void deps.bus
        .requestStop(requestId)
        .catch((error) => deps.logger.warn({ err: error, requestId }, 'stopping an answer failed'));
  }

  async function lastUserMessageId(channelId: string): Promise<string> {
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.channelId, channelId), eq(messages.role, 'user')))
      .orderBy(desc(messages.position))
      .limit(1);
    return row?.id ?? '';
  }

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

  /** A finished answer no longer in memory, rebuilt from its persisted chunks. */
  async function storedRun(caller: Caller, requestId: string): Promise<AnswerRun | null> {
    const rows = await db
      .select({ message: messages, channel: channels })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(and(eq(messages.requestId, requestId), eq(messages.role, 'assistant')))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    if (row.channel.ownerId !== caller.userId) throw badRequest('chat.requestConflict');
    const run = new StreamRun(requestId, caller.userId, {
      channelId: row.channel.id,
      channelName: row.channel.name,
      userMessageId: await lastUserMessageId(row.channel.id),
      answerMessageId: row.message.id,
      model: row.message.model,
    });
    // Still being generated, by another instance: follow it.
    if (row.message.status === 'streaming') {
      runs.set(requestId, run);
      return followRun(run);
    }
    for (const chunk of await storedAnswerChunks(db, row.message.id)) run.restore(chunk);
    run.finish(row.message.status);
    return run;
  }

  /** The caller's own user message in the caller's own channel, or a 400 (ids from elsewhere are refused). */
  async function editedMessage(channel: { id: string } | null, messageId: string) {
    if (!channel) throw badRequest('chat.nothingToEdit');
    const [row] = await db
      .select({ position: messages.position })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.channelId, channel.id), eq(messages.role, 'user')))
      .limit(1);
    if (!row) throw badRequest('chat.nothingToEdit');
    return row;
  }

  async function history(channelId: string, excludeId: string) {
    const rows = await db
      .select({ id: messages.id, role: messages.role, content: messages.content })
      .from(messages)
      .where(eq(messages.channelId, channelId))
      .orderBy(asc(messages.position));
    return rows
      .filter((r) => r.id !== excludeId && r.content)
      .map((r) => ({ role: r.role, content: r.content }));
  }

  async function createRun(caller: Caller, request: ParsedSend, language: Language): Promise<AnswerRun> {
    const writing = writingTaskOf(request);
    if (!request.regenerate && !request.message.trim() && !writing?.selection.trim())
      throw badRequest('chat.messageRequired');
    const userText = writing ? writingUserMessage(writing) : request.message;
    const imageTool = request.chatType === CHAT_IMAGE ? deps.imageTool : undefined;
    if (request.chatType === CHAT_IMAGE && (!imageTool || request.model !== IMAGE_TOOL_MODEL))
      throw badRequest('image.chatNeedsGpt4o');

    let channel = request.channelId ? await deps.channels.ownedChannel(caller, request.channelId) : null;
    let userMessageId: string;
    if (request.regenerate) {
      if (!channel) throw badRequest('chat.nothingToRegenerate');
      const ordered = await db
        .select()
        .from(messages)
        .where(eq(messages.channelId, channel.id))
        .orderBy(desc(messages.position));
      const lastUser = ordered.find((m) => m.role === 'user');
      if (!lastUser) throw badRequest('chat.nothingToRegenerate');
      // A regeneration is a full model call: it counts against the quota like a new message.
      await deps.meter.charge(caller, request.model, 'regenerate');
      userMessageId = lastUser.id;
      for (const m of ordered) {
        if (m.role === 'user') break;
        stopAnywhere(m.requestId);
        await db.delete(messages).where(eq(messages.id, m.id));
      }
    } else {
      const edited = request.editMessageId ? await editedMessage(channel, request.editMessageId) : null;
      await deps.meter.charge(caller, request.model, writing ? 'askai' : 'chat');
      if (edited && channel) {
        // The edited question and everything after it give way to the new one (as in ChatGPT): answers
        // still being written for them stop first.
        const later = await db
          .select({ id: messages.id, requestId: messages.requestId })
          .from(messages)
          .where(and(eq(messages.channelId, channel.id), gte(messages.position, edited.position)));
        for (const m of later) stopAnywhere(m.requestId);
        await db
          .delete(messages)
          .where(and(eq(messages.channelId, channel.id), gte(messages.position, edited.position)));
      }
      if (!channel) {
        [channel] = await db
          .insert(channels)
          .values({
            id: newId(),
            ownerId: caller.userId,
            name: channelNameFrom(userText),
            model: request.model,
            ...(writing ? { channelType: WRITING_CHANNEL_TYPE } : {}),
          })
          .returning();
      }
      userMessageId = newId();
      await db.insert(messages).values({
        id: userMessageId,
        channelId: channel.id,
        role: 'user',
        content: userText,
        model: request.model,
        requestId: request.requestId,
        position: nextPosition(),
      });
    }
    const answerMessageId = newId();
    await db.insert(messages).values({
      id: answerMessageId,
      channelId: channel.id,
      role: 'assistant',
      content: '',
      model: request.model,
      status: 'streaming',
      requestId: request.requestId,
      position: nextPosition(),
      language,
      ...deps.lease.take(),
    });

    const run = new StreamRun(request.requestId, caller.userId, {
      channelId: channel.id,
      channelName: channel.name,
      userMessageId,
      answerMessageId,
      model: request.model,
    });
    runs.set(request.requestId, run);
    const turns = await history(channel.id, answerMessageId);
    const question = [...turns].reverse().find((t) => t.role === 'user')?.content ?? userText;
    const grounding = deps.grounding;
    const channelRef = channel;
    // Document chunks or search results are found once the stream is open, so a slow or failing search
    // shows as this answer's error instead of leaving a half-made message behind.
    const ground =
      !writing && grounding
        ? async () => {
            const sources = await grounding.ground(
              caller,
              channelRef.id,
              channelRef.channelType,
              question,
              request.searchMode ?? (request.searchSwitch ? 'web' : undefined),
            );
            if (sources) await grounding.recordSources(answerMessageId, channelRef.id, sources);
            return sources;
          }
        : null;
    void generate(
      run,
      writing ? writingTurns(writing, turns) : turns,
      language,
      writing ?? undefined,
      imageTool ? null : ground,
      imageTool ? () => imageTool(caller, question) : undefined,
    );
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
    const persister = createRunPersister(
      db,
      run,
      deps.persistIntervalMs,
      (error) => deps.logger.error({ err: error, requestId: run.requestId }, 'persisting an answer failed'),
      { held: deps.lease.held(), onFinal: () => deps.bus.stored([run.meta.answerMessageId]) },
    );
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
      } else
        for await (const piece of deps.ai.stream({
          model: run.meta.model,
          messages: sources ? groundedTurns(sources, turns) : turns,
          signal,
          language,
          writing,
          sources,
          ...(prefix ? { prefix } : {}),
        })) {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(() => idle.abort(), deps.idleTimeoutMs);
          journal.append(run, { content: piece });
          persister.schedule();
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
    await persister.finish(status, error);
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
      userMessageId: await lastUserMessageId(channel.id),
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
      const persister = createRunPersister(
        db,
        run,
        deps.persistIntervalMs,
        (error) => deps.logger.error({ err: error, requestId }, 'persisting an answer failed'),
        { held: deps.lease.held(), onFinal: () => deps.bus.stored([row.id]) },
      );
      await persister.finish('failed', failedWith ?? INTERRUPTED);
      run.finish('failed');
      return;
    }
    deps.logger.info(
      { requestId, storedChunks: chunks.length },
      'continuing an answer whose instance stopped',
    );
    const turns = await history(channel.id, row.id);
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
    const held = await deps.lease.renew();
    for (const run of runs.values())
      if (run.status === 'streaming' && !following.has(run) && !held.has(run.requestId))
        run.controller.abort(LEASE_LOST);
    await adoptStale();
  }

  let leaseTimer: NodeJS.Timeout | null = null;
  let leaseRunning = false;
  if (deps.leaseMs !== null) {
    leaseTimer = setInterval(
      () => {
        if (leaseRunning) return;
        leaseRunning = true;
        void leaseRound()
          .catch((error) => deps.logger.warn({ err: error }, 'renewing answer leases failed'))
          .finally(() => {
            leaseRunning = false;
          });
      },
      Math.round(deps.leaseMs / 3),
    );
    leaseTimer.unref();
  }

  deps.bus.onStop((requestId) => {
    const run = runs.get(requestId);
    if (run && !following.has(run)) run.controller.abort();
  });

  return {
    /** Starts an answer, or finds the one this requestId already started (resume). */
    async start(caller: Caller, request: ParsedSend, language: Language): Promise<AnswerRun> {
      const live = runs.get(request.requestId);
      if (live) {
        if (live.ownerId !== caller.userId) throw badRequest('chat.requestConflict');
        return live;
      }
      const pending = starting.get(request.requestId);
      if (pending) {
        const run = await pending;
        if (run.ownerId !== caller.userId) throw badRequest('chat.requestConflict');
        return run;
      }
      const promise = (async () =>
        (await storedRun(caller, request.requestId)) ?? createRun(caller, request, language))();
      starting.set(request.requestId, promise);
      try {
        return await promise;
      } finally {
        starting.delete(request.requestId);
      }
    },

    async stop(caller: Caller, requestId: string): Promise<void> {
      const run = runs.get(requestId);
      if (run && run.ownerId === caller.userId && !following.has(run)) {
        run.controller.abort();
        return;
      }
      // Generated by another instance: ask it, once the answer is known to be the caller's.
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .innerJoin(channels, eq(channels.id, messages.channelId))
        .where(
          and(
            eq(messages.requestId, requestId),
            eq(messages.role, 'assistant'),
            eq(messages.status, 'streaming'),
            eq(channels.ownerId, caller.userId),
          ),
        )
        .limit(1);
      if (!row) throw new AppError(ResponseCode.NotFound, 'chat.streamNotFound', { httpStatus: 404 });
      await deps.bus.requestStop(requestId);
    },

    async feedback(
      caller: Caller,
      messageId: string,
      type: 'like' | 'dislike' | null,
      reason: string | null = null,
    ): Promise<ChatMessage['feedback']> {
      const rows = await db
        .select({ id: messages.id, ownerId: channels.ownerId })
        .from(messages)
        .innerJoin(channels, eq(channels.id, messages.channelId))
        .where(and(eq(messages.id, messageId), eq(messages.role, 'assistant')))
        .limit(1);
      if (!rows[0] || rows[0].ownerId !== caller.userId) throw notFound('message.notFound');
      await db
        .update(messages)
        .set({ feedback: type, feedbackReason: type === 'dislike' ? reason || null : null })
        .where(eq(messages.id, messageId));
      return type;
    },

    /**
     * At start-up: answers cut off when their instance died are continued from their stored chunks (every
     * chunk a client was sent is stored). Alone on PGlite every streaming answer is such an orphan; on a
     * shared PostgreSQL only those whose lease went stale, never one a live instance is generating.
     */
    async adoptInterrupted(): Promise<void> {
      await adoptStale(deps.leaseMs === null);
    },

    activeRuns: () => [...runs.values()].filter((r) => r.status === 'streaming' && !following.has(r)).length,

    /**
     * Before the database closes. Other instances share the database: live answers are handed over (their
     * leases released, so one of them continues at once). Alone: they end as interrupted, everything they
     * sent stored.
     */
    async shutdown(): Promise<void> {
      if (leaseTimer) clearInterval(leaseTimer);
      const live = [...runs.values()].filter((run) => run.status === 'streaming');
      for (const run of live) {
        if (following.has(run)) run.abandon();
        else run.controller.abort(deps.leaseMs === null ? SHUTDOWN : HANDOVER);
      }
      await Promise.all(live.map((run) => run.finished));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
