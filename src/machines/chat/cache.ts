// How a chat actor mirrors its stream into the local cache: at once for structure, throttled for text. A question
// sent before the cache's code is here (src/local/db.ts) is written the same way once it has come.
import type { StreamMeta } from '../../../common/contract';
import { cacheReady } from '../../local/db';

const TEXT_WRITE_INTERVAL_MS = 300;

export type ChatCacheWriter = ReturnType<typeof createChatCache>;

export function createChatCache() {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: { id: string; content: string } | null = null;
  // The placeholder rows go in first: a short answer can be done before that write commits, and its final
  // update must not land on a row that does not exist yet (the placeholder would then stay 'streaming').
  let placed: Promise<void> = Promise.resolve();

  const writeText = () => {
    timer = null;
    const pending = latest;
    if (pending)
      void placed
        .then(() => cacheReady())
        .then(({ channels }) => channels.updateMessage(pending.id, { content: pending.content }))
        .catch(() => {});
  };

  return {
    started(
      meta: StreamMeta,
      input: {
        requestId: string;
        userText: string | null;
        regenerate: boolean;
        editedMessageId?: string | null;
      },
    ): Promise<void> {
      placed = place(meta, input).catch(() => {});
      return placed;
    },
    text(answerMessageId: string, content: string) {
      latest = { id: answerMessageId, content };
      timer ??= setTimeout(writeText, TEXT_WRITE_INTERVAL_MS);
    },
    async finished(
      answerMessageId: string,
      content: string,
      status: 'done' | 'stopped' | 'failed',
      error: string | null,
    ) {
      if (timer) clearTimeout(timer);
      timer = null;
      latest = null;
      await placed;
      const { channels } = await cacheReady();
      await channels.updateMessage(answerMessageId, { content, status, error });
    },
  };

  async function place(
    meta: StreamMeta,
    input: {
      requestId: string;
      userText: string | null;
      regenerate: boolean;
      editedMessageId?: string | null;
    },
  ) {
    const now = Date.now();
    const { channels, db } = await cacheReady();
    await db.transaction('rw', db.channels, db.messages, async () => {
      const existing = await channels.get(meta.channelId);
      await channels.upsertChannel({
        channelId: meta.channelId,
        channelName: existing?.channelName ?? meta.channelName,
        model: meta.model,
        channelType: existing?.channelType ?? 'CHAT',
        createdAt: existing?.createdAt ?? new Date(now).toISOString(),
        updatedAt: new Date(now).toISOString(),
      });
      const held = await channels.messages(meta.channelId);
      const user = held.find((m) => m.id === meta.userMessageId);
      // A regenerated answer replaces every answer after its question.
      const replaced = held.filter(
        (m) =>
          m.role === 'assistant' && m.id !== meta.answerMessageId && user && m.createdAt > user.createdAt,
      );
      if (input.regenerate) await channels.deleteMessages(replaced.map((m) => m.id));
      // An edited question gives way, with everything after it, to the new question and its answer.
      const edited = input.editedMessageId ? held.find((m) => m.id === input.editedMessageId) : undefined;
      if (edited) {
        const fresh = new Set([meta.userMessageId, meta.answerMessageId]);
        await channels.deleteMessages(
          held.filter((m) => m.createdAt >= edited.createdAt && !fresh.has(m.id)).map((m) => m.id),
        );
      }
      const base = {
        channelId: meta.channelId,
        model: meta.model,
        error: null,
        feedback: null,
        requestId: input.requestId,
      };
      if (!user && input.userText !== null) {
        await channels.putMessages([
          {
            ...base,
            id: meta.userMessageId,
            role: 'user',
            content: input.userText,
            status: 'done',
            createdAt: new Date(now).toISOString(),
          },
        ]);
      }
      if (!held.some((m) => m.id === meta.answerMessageId)) {
        await channels.putMessages([
          {
            ...base,
            id: meta.answerMessageId,
            role: 'assistant',
            content: '',
            status: 'streaming',
            createdAt: new Date(now + 1).toISOString(),
          },
        ]);
      }
    });
  }
}
