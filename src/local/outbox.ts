// Offline writes: applied to the local cache at once, queued here, and replayed in order when the network
// returns. An entry leaves the queue only when the server has it (or has refused it for good).

import { chatApi } from '../api/chat';
import { ApiError } from '../api/http';
import { writingApi } from '../api/writing';
import { channelRepository } from './channels';
import { db as defaultDb, type OutboxOperation, type ParleyDatabase } from './schema';

export type OutboxSender = (operation: OutboxOperation) => Promise<unknown>;

// The writing and prompt stores are not part of the page's start-up: their code is fetched for the first queued
// write of theirs (it is here already when the write was made in this page; a failed fetch keeps the entry queued).
export const sendOperation: OutboxSender = async (operation) => {
  switch (operation.kind) {
    case 'renameChannel':
      return chatApi.rename(
        { channelId: operation.channelId, channelName: operation.channelName },
        { suppressAlert: true },
      );
    case 'deleteChannel':
      return chatApi.remove(operation.channelId, { suppressAlert: true });
    case 'saveWritingDoc':
      return (await import('./writing')).pushWritingDoc(operation.docId);
    case 'deleteWritingDoc':
      return writingApi.deleteDoc(operation.docId, { suppressAlert: true }).catch((error) => {
        if (!(error instanceof ApiError && error.httpStatus === 404)) throw error;
      });
    case 'addPrompt':
    case 'editPrompt':
    case 'deletePrompt':
      return (await import('./prompts')).prompts.send(operation);
    case 'saveDocumentSettings':
      return (await import('./settings')).documentSettings.send();
  }
};

export interface FlushResult {
  sent: number;
  refused: { operation: OutboxOperation; message: string }[];
  pending: number;
}

export function createOutbox(options: { db?: ParleyDatabase; send?: OutboxSender } = {}) {
  const db = options.db ?? defaultDb;
  const send = options.send ?? sendOperation;
  const repo = channelRepository(db);
  let flushing: Promise<FlushResult> | null = null;

  async function applyLocally(operation: OutboxOperation) {
    if (operation.kind === 'renameChannel') await repo.rename(operation.channelId, operation.channelName);
    if (operation.kind === 'deleteChannel') await repo.remove(operation.channelId);
  }

  async function flushOnce(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: [], pending: 0 };
    for (;;) {
      const entry = await db.outbox.orderBy('seq').first();
      if (!entry) break;
      try {
        await send(entry.operation);
        await db.outbox.delete(entry.seq!);
        result.sent += 1;
      } catch (error) {
        if (error instanceof ApiError && error.refused) {
          // The server said no (e.g. the chat was deleted elsewhere): retrying cannot succeed.
          await db.outbox.delete(entry.seq!);
          result.refused.push({ operation: entry.operation, message: error.message });
          continue;
        }
        await db.outbox.update(entry.seq!, {
          attempts: entry.attempts + 1,
          lastError: error instanceof Error ? error.message : String(error),
        });
        break;
      }
    }
    result.pending = await db.outbox.count();
    return result;
  }

  return {
    async enqueue(operation: OutboxOperation) {
      await db.transaction('rw', db.outbox, db.channels, db.messages, async () => {
        await applyLocally(operation);
        await db.outbox.add({ operation, createdAt: new Date().toISOString(), attempts: 0 });
      });
    },
    /** Sends queued writes in order; concurrent calls share one pass. */
    flush(): Promise<FlushResult> {
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    pending: () => db.outbox.count(),
  };
}

export const outbox = createOutbox();
