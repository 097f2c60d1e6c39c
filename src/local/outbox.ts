// Offline writes: applied to the local cache at once, queued here, and replayed in order when the network
// returns. An entry leaves the queue only when the server has it (or has refused it for good).

import { chatApi } from '../api/chat';
import { ApiError } from '../api/http';
import { writingApi } from '../api/writing';
import { channelRepository } from './channels';
import { adoptedTokens, madeBy, outboxCaller } from './outbox-owner';
import { db as defaultDb, type OutboxOperation, type ParleyDatabase } from './schema';
import { takeBackSetAside } from './session-end';

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

  /** The caller's entries only: another account's writes wait, untouched, for that account to sign in here. */
  const callersEntries = () => {
    const caller = outboxCaller();
    return db.outbox.orderBy('seq').filter((entry) => madeBy(entry, caller));
  };

  /** A member's uid, once known, goes on the writes made under its login before that and on its guest's. */
  async function adopt() {
    const caller = outboxCaller();
    if (!caller?.user) return;
    const tokens = adoptedTokens(caller);
    await db.outbox
      .filter((entry) => entry.owner?.user === null && tokens.includes(entry.owner.token))
      .modify((entry) => {
        entry.owner = { user: caller.user, token: entry.owner?.token ?? caller.token };
      });
  }

  async function flushOnce(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: [], pending: 0 };
    await adopt();
    // The rows this caller's writes send, set aside when an earlier session of its ended without a logout.
    await takeBackSetAside(outboxCaller(), db);
    for (;;) {
      const entry = await callersEntries().first();
      if (!entry) break;
      try {
        await send(entry.operation);
        await db.outbox.delete(entry.seq!);
        result.sent += 1;
      } catch (error) {
        // Refused for want of a session (the one it was queued under ended): not the write's fault, so it stays
        // for its account's next sign-in rather than being dropped as refused.
        if (error instanceof ApiError && error.refused && error.httpStatus !== 401) {
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
    result.pending = await callersEntries().count();
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
    /** The caller's writes still waiting (another account's are not counted: they are not this caller's to send). */
    pending: () => callersEntries().count(),
  };
}

export const outbox = createOutbox();
