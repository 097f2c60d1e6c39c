// Sending a chat message: the question stored (new, edited or regenerated), its answer's row leased to this
// instance and generated; idempotent by requestId, so a reconnecting client (same requestId + Last-Event-ID)
// resumes the same answer instead of starting a new one, on this instance or any other on the same database.
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SendRequest as SendSchema } from '../../../common/contract/chat.schema.js';
import { type Language, ResponseCode } from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import { channels, messages, users } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ChatTurn } from '../../providers/ai/provider.js';
import type { Caller } from '../auth/sessions.js';
import type { HumanCheckPass } from '../captcha/spent.js';
import { StreamRun } from '../stream-run.js';
import {
  WRITING_CHANNEL_TYPE,
  writingTaskOf,
  writingTurns,
  writingUserMessage,
} from '../writing/writing-prompts.js';
import type { ChannelRow } from './channel-rows.js';
import { CHAT_IMAGE, IMAGE_TOOL_MODEL } from './chat-image.js';
import type { AnswerGenerator, ChatDeps } from './generate.js';
import { type AnswerRun, conversation, lastUserMessageId, storedAnswerChunks } from './persist.js';

type ParsedSend = z.output<typeof SendSchema>;
type UserRow = typeof users.$inferSelect;

const CHANNEL_NAME_FROM_MESSAGE = 50;

let lastPosition = 0;
/** Strictly increasing positions, so messages created in the same millisecond keep their order. */
const nextPosition = () => {
  lastPosition = Math.max(Date.now() * 1000, lastPosition + 1);
  return lastPosition;
};

export function channelNameFrom(message: string): string {
  const firstLine = message.trim().split('\n')[0]?.trim() ?? '';
  return clipText(firstLine, CHANNEL_NAME_FROM_MESSAGE) || 'New chat';
}

export function createChatSend(deps: ChatDeps, generator: AnswerGenerator) {
  const { db } = deps;
  const starting = new Map<string, Promise<AnswerRun>>();

  /** Stops an answer wherever it is being generated (a message giving way to a new one). */
  function stopAnywhere(requestId: string | null) {
    if (!requestId) return;
    const run = generator.runs.get(requestId);
    if (run && !generator.isFollowed(run)) run.controller.abort();
    else
      void deps.bus
        .requestStop(requestId)
        .catch((error) => deps.logger.warn({ err: error, requestId }, 'stopping an answer failed'));
  }

  /**
   * Every send looks for an answer its requestId already started: the query is built once (drizzle took some
   * 0.3 ms of the event loop to build it each time) and, on PostgreSQL, prepared once per connection.
   */
  const answerOfRequest = db
    .select({ message: messages, channel: channels })
    .from(messages)
    .innerJoin(channels, eq(channels.id, messages.channelId))
    .where(and(eq(messages.requestId, sql.placeholder('requestId')), eq(messages.role, 'assistant')))
    .limit(1)
    .prepare('parley_answer_of_request');

  /** The answer a requestId started, if any, with its channel (whoever owns it: the caller is checked after). */
  const lookUp = (requestId: string) => answerOfRequest.execute({ requestId });

  /** A finished answer no longer in memory, rebuilt from its persisted chunks. */
  async function storedRun(
    caller: Caller,
    requestId: string,
    found: ReturnType<typeof lookUp> = lookUp(requestId),
  ): Promise<AnswerRun | null> {
    const rows = await found;
    const row = rows[0];
    if (!row) return null;
    if (row.channel.ownerId !== caller.userId) throw badRequest('chat.requestConflict');
    const run = new StreamRun(requestId, caller.userId, {
      channelId: row.channel.id,
      channelName: row.channel.name,
      userMessageId: await lastUserMessageId(db, row.channel.id),
      answerMessageId: row.message.id,
      model: row.message.model,
    });
    // Still being generated, by another instance: follow it.
    if (row.message.status === 'streaming') {
      generator.runs.set(requestId, run);
      return generator.follow(run);
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

  /** The caller's own channel (a 404 for anyone else's) and its conversation so far, in one query. */
  async function channelWithTurns(caller: Caller, channelId: string) {
    const rows = await db
      .select({
        id: channels.id,
        name: channels.name,
        channelType: channels.channelType,
        role: messages.role,
        content: messages.content,
      })
      .from(channels)
      .leftJoin(messages, eq(messages.channelId, channels.id))
      .where(and(eq(channels.id, channelId), eq(channels.ownerId, caller.userId)))
      .orderBy(asc(messages.position));
    if (!rows[0]) throw notFound('channel.notFound');
    const { id, name, channelType } = rows[0];
    const turns: ChatTurn[] = [];
    for (const row of rows) if (row.role && row.content) turns.push({ role: row.role, content: row.content });
    return { channel: { id, name, channelType }, turns };
  }

  async function createRun(
    caller: Caller,
    request: ParsedSend,
    language: Language,
    user: UserRow | undefined,
    /** The human check this send passed, spent with its model call's record. */
    pass: HumanCheckPass | null,
  ): Promise<AnswerRun> {
    const writing = writingTaskOf(request);
    if (!request.regenerate && !request.message.trim() && !writing?.selection.trim())
      throw badRequest('chat.messageRequired');
    const userText = writing ? writingUserMessage(writing) : request.message;
    const imageTool = request.chatType === CHAT_IMAGE ? deps.imageTool : undefined;
    if (request.chatType === CHAT_IMAGE && (!imageTool || request.model !== IMAGE_TOOL_MODEL))
      throw badRequest('image.chatNeedsGpt4o');

    // A plain new question in a chat reads the chat and its conversation so far in one query; a regeneration or
    // an edit changes the conversation first, so it reads it again after.
    const plain = !request.regenerate && !request.editMessageId;
    const usageKind = writing ? 'askai' : 'chat';
    const found =
      request.channelId && plain
        ? await channelWithTurns(caller, request.channelId)
        : request.channelId
          ? { channel: await deps.channels.ownedChannel(caller, request.channelId), turns: null }
          : null;
    let channel: Pick<ChannelRow, 'id' | 'name' | 'channelType'> | null = found?.channel ?? null;
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
      await deps.meter.charge(caller, request.model, 'regenerate', new Date(), user, pass);
      userMessageId = lastUser.id;
      for (const m of ordered) {
        if (m.role === 'user') break;
        stopAnywhere(m.requestId);
        await db.delete(messages).where(eq(messages.id, m.id));
      }
    } else {
      const edited = request.editMessageId ? await editedMessage(channel, request.editMessageId) : null;
      // A plain send is charged below, with its rows.
      if (edited) await deps.meter.charge(caller, request.model, usageKind, new Date(), user, pass);
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
      userMessageId = newId();
    }
    const answerMessageId = newId();
    const answerRow = {
      id: answerMessageId,
      role: 'assistant' as const,
      content: '',
      model: request.model,
      status: 'streaming' as const,
      requestId: request.requestId,
      language,
      ...deps.lease.take(),
    };
    let turns: ChatTurn[];
    /**
     * A plain send's rows, written in the statement that records its model call (meter.charge): one write and
     * one commit before the model is asked instead of two, and a start that fails leaves neither its rows nor
     * a counted call nor a spent human check. At 400 streams starting on PostgreSQL every query of a start
     * waited its turn for the connection pool (100 to 270 ms at the median), once per query.
     */
    let plainRows: SQL[] | null = null;
    if (request.regenerate) {
      if (!channel) throw badRequest('chat.nothingToRegenerate');
      await db.insert(messages).values({ ...answerRow, channelId: channel.id, position: nextPosition() });
      turns = await conversation(db, channel.id, answerMessageId);
    } else {
      const userRow = {
        id: userMessageId,
        role: 'user' as const,
        content: userText,
        model: request.model,
        requestId: request.requestId,
      };
      if (channel) {
        // The question and its answer's row in one statement.
        const positions = [nextPosition(), nextPosition()];
        const rows = db.insert(messages).values([
          { ...userRow, channelId: channel.id, position: positions[0] },
          { ...answerRow, channelId: channel.id, position: positions[1] },
        ]);
        if (found?.turns) {
          plainRows = [rows.getSQL()];
          turns = [...found.turns, { role: 'user', content: userText }];
        } else {
          // An edit: the conversation is read back once the new question is in it.
          await rows;
          turns = await conversation(db, channel.id, answerMessageId);
        }
      } else {
        // A new chat: the channel, the question and its answer's row in one statement (the messages' foreign
        // key is checked at its end, when the channel is there), and its only turn is the question.
        const created = {
          id: newId(),
          ownerId: caller.userId,
          name: channelNameFrom(userText),
          model: request.model,
          channelType: writing ? WRITING_CHANNEL_TYPE : 'CHAT',
        };
        channel = created;
        const positions = [nextPosition(), nextPosition()];
        plainRows = [
          db.insert(channels).values(created).getSQL(),
          db
            .insert(messages)
            .values([
              { ...userRow, channelId: channel.id, position: positions[0] },
              { ...answerRow, channelId: channel.id, position: positions[1] },
            ])
            .getSQL(),
        ];
        turns = userText ? [{ role: 'user', content: userText }] : [];
      }
    }

    if (plainRows)
      await deps.meter.charge(caller, request.model, usageKind, new Date(), user, pass, plainRows);

    const run = new StreamRun(request.requestId, caller.userId, {
      channelId: channel.id,
      channelName: channel.name,
      userMessageId,
      answerMessageId,
      model: request.model,
    });
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
            if (sources) {
              await grounding.recordSources(answerMessageId, channelRef.id, sources);
            }
            return sources;
          }
        : null;
    void generator.generate(
      run,
      writing ? writingTurns(writing, turns) : turns,
      language,
      writing ?? undefined,
      imageTool ? null : ground,
      imageTool ? () => imageTool(caller, question) : undefined,
    );
    // Found by resumes only once its rows are there (a resume meanwhile waits for this start).
    generator.runs.set(request.requestId, run);
    return run;
  }

  /**
   * Starts an answer, or finds the one this requestId already started (resume). beforeNewAnswer runs only
   * when a new answer is about to start (the human check), so a reconnect never has to pass it again.
   */
  async function start(
    caller: Caller,
    request: ParsedSend,
    language: Language,
    /** The caller's users row as read with the session (null: read here). */
    callerUser: UserRow | null,
    beforeNewAnswer?: (user: UserRow | undefined) => Promise<HumanCheckPass | null>,
    /** The client says it resumes (Last-Event-ID): the human check waits until the send is known to be new. */
    resumeLikely = false,
    /** The requestId's lookup, started before the caller was known (lookUp). */
    lookedUp?: ReturnType<typeof lookUp>,
  ): Promise<AnswerRun> {
    const live = generator.runs.get(request.requestId);
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
    const promise = (async () => {
      // With the users row at hand, the human check (an HMAC, or Turnstile's siteverify) runs beside the resume
      // lookup instead of after it: a lone chat's start waits for one of them, not both. Only a new answer
      // needs it, so its refusal counts only then (a resume is found without it, as before).
      const check = callerUser && beforeNewAnswer && !resumeLikely ? beforeNewAnswer(callerUser) : null;
      check?.catch(() => {});
      // The caller's users row, read with the session (or here beside the resume lookup), serves both the
      // human check and the quota.
      const [stored, user] = await Promise.all([
        storedRun(caller, request.requestId, lookedUp),
        callerUser ??
          db
            .select()
            .from(users)
            .where(eq(users.id, caller.userId))
            .limit(1)
            .then((rows) => rows[0] as UserRow | undefined),
      ]);
      if (stored) return stored;
      const pass = (await (check ?? beforeNewAnswer?.(user))) ?? null;
      return createRun(caller, request, language, user, pass);
    })();
    starting.set(request.requestId, promise);
    try {
      return await promise;
    } finally {
      starting.delete(request.requestId);
    }
  }

  async function stop(caller: Caller, requestId: string): Promise<void> {
    const run = generator.runs.get(requestId);
    if (run && run.ownerId === caller.userId && !generator.isFollowed(run)) {
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
  }

  return { start, stop, lookUp };
}
