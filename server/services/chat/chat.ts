// Chat: sending a message and streaming its answer (chat/send.ts), generating answers across instances
// (chat/generate.ts) and storing them (chat/persist.ts); answers finish even when every client has gone, and
// when their instance dies another one continues them.
import { and, eq } from 'drizzle-orm';
import type { ChatMessage, SendRequest } from '../../../common/contract/index.js';
import { channels, messages } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';
import { type ChatDeps, createAnswerGenerator } from './generate.js';
import { createChatSend } from './send.js';

export { channelNameFrom } from './send.js';
export type { SendRequest };

export function createChatService(deps: ChatDeps) {
  const { db } = deps;
  const generator = createAnswerGenerator(deps);
  const send = createChatSend(deps, generator);

  return {
    start: send.start,
    lookUp: send.lookUp,
    stop: send.stop,

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
      await generator.adoptStale(deps.leaseMs === null);
    },

    activeRuns: generator.activeRuns,
    shutdown: generator.shutdown,
  };
}

export type ChatService = ReturnType<typeof createChatService>;
