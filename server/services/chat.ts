// Chat sends: idempotent by requestId, so a reconnecting client (same requestId + Last-Event-ID) resumes
// the same answer instead of starting a new one. Answers finish even when every client has gone.
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ChatMessage, type Language, ResponseCode, type SendRequest } from '../../src/api/contract.js';
import type { SendRequest as SendSchema } from '../../src/api/schemas.js';
import type { Database } from '../db/client.js';
import { channels, messageChunks, messages } from '../db/schema.js';
import { AppError, badRequest, notFound } from '../http/errors.js';
import { translate } from '../http/messages.js';
import type { Logger } from '../logger.js';
import type { AiProvider } from '../providers/ai/index.js';
import type { ChatTurn, GroundingSource, WritingTask } from '../providers/ai/provider.js';
import { AnswerRun, createChunkJournal, createRunPersister } from './answer-run.js';
import type { Meter } from './billing/quotas.js';
import type { ChannelService } from './channels.js';
import { CHAT_IMAGE, IMAGE_TOOL_MODEL } from './chat-image.js';
import { groundedTurns } from './docs/grounded-prompt.js';
import { newId } from './ids.js';
import type { Caller } from './sessions.js';
import { WRITING_CHANNEL_TYPE, writingTaskOf, writingTurns, writingUserMessage } from './writing-prompts.js';

type ParsedSend = z.output<typeof SendSchema>;

export type { SendRequest };

const RETAIN_FINISHED_RUN_MS = 5 * 60 * 1000;
/** The abort reason of answers cut off because this server is shutting down (not the user's Stop). */
const SHUTDOWN = 'server shutdown';
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
  const journal = createChunkJournal(db, (error) =>
    deps.logger.error({ err: error }, 'storing answer chunks failed'),
  );

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
    const userMessage = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.channelId, row.channel.id), eq(messages.role, 'user')))
      .orderBy(desc(messages.position))
      .limit(1);
    const run = new AnswerRun(requestId, caller.userId, {
      channelId: row.channel.id,
      channelName: row.channel.name,
      userMessageId: userMessage[0]?.id ?? '',
      answerMessageId: row.message.id,
      model: row.message.model,
    });
    const chunks = await db
      .select()
      .from(messageChunks)
      .where(eq(messageChunks.messageId, row.message.id))
      .orderBy(asc(messageChunks.seq));
    for (const chunk of chunks)
      run.push({ content: chunk.content ?? undefined, error: chunk.error ?? undefined });
    run.finish(row.message.status === 'streaming' ? 'failed' : row.message.status);
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
        runs.get(m.requestId ?? '')?.controller.abort();
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
        for (const m of later) runs.get(m.requestId ?? '')?.controller.abort();
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
    });

    const run = new AnswerRun(request.requestId, caller.userId, {
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
  ) {
    const persister = createRunPersister(db, run, deps.persistIntervalMs, (error) =>
      deps.logger.error({ err: error, requestId: run.requestId }, 'persisting an answer failed'),
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
    if (!error && run.controller.signal.reason === SHUTDOWN) error = INTERRUPTED;
    const status = error ? 'failed' : run.controller.signal.aborted ? 'stopped' : 'done';
    // Persist before announcing `done`, so a client that reloads the channel right after sees the final answer.
    await journal.drain(run);
    await persister.finish(status, error);
    run.finish(status);
    setTimeout(() => runs.delete(run.requestId), RETAIN_FINISHED_RUN_MS).unref();
  }

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
      if (!run || run.ownerId !== caller.userId)
        throw new AppError(ResponseCode.NotFound, 'chat.streamNotFound', { httpStatus: 404 });
      run.controller.abort();
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
     * Answers cut off by a restart can never finish; mark them failed so clients stop waiting. Their text is
     * rebuilt from the stored chunks: every chunk a client was sent is stored, the row's text may lag behind.
     */
    async failInterrupted(): Promise<void> {
      await db
        .update(messages)
        .set({
          status: 'failed',
          error: INTERRUPTED,
          content: sql`coalesce((select string_agg(${messageChunks.content}, '' order by ${messageChunks.seq}) from ${messageChunks} where ${messageChunks.messageId} = ${messages.id}), ${messages.content})`,
        })
        .where(eq(messages.status, 'streaming'));
    },

    activeRuns: () => [...runs.values()].filter((r) => r.status === 'streaming').length,

    /** Before the database closes: live answers end as interrupted, with everything they sent stored. */
    async shutdown(): Promise<void> {
      const live = [...runs.values()].filter((run) => run.status === 'streaming');
      for (const run of live) run.controller.abort(SHUTDOWN);
      await Promise.all(live.map((run) => run.finished));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
