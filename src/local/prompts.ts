// Saved prompts, local first: every change lands in Dexie at once (the list shows it), is queued in the
// outbox and sent when the network is up. Adds carry their local id as clientId, so a replay is stored once.
import { PROMPT_CONTENT_MAX, PROMPT_NAME_MAX, PROMPT_PAGE_MAX, type UserPrompt } from '../../common/contract';
import { ApiError } from '../api/http';
import { promptApi } from '../api/prompts';
import { adoptedTokens, madeBy, outboxCaller } from './outbox-owner';
import { db as defaultDb, type LocalPrompt, type OutboxOperation, type ParleyDatabase } from './schema';

export const newPromptLocalId = () => `tmp-${crypto.randomUUID().replace(/-/g, '')}`;

const chars = (value: string) => Array.from(value).length;

/** The same rules the server checks, so an offline add fails at once instead of after the sync. */
export function promptProblem(input: { name: string; content: string }) {
  const name = input.name.trim();
  if (!name) return 'prompt.nameRequired' as const;
  if (chars(name) > PROMPT_NAME_MAX) return 'prompt.nameTooLong' as const;
  if (!input.content.trim()) return 'prompt.contentRequired' as const;
  if (chars(input.content) > PROMPT_CONTENT_MAX) return 'prompt.contentTooLong' as const;
  return null;
}
export type PromptProblem = NonNullable<ReturnType<typeof promptProblem>>;

const fromServer = (item: UserPrompt, localId = item.promptId): LocalPrompt => ({
  localId,
  promptId: item.promptId,
  name: item.name,
  content: item.content,
  is_new: false,
  saved: true,
  deleted: 0,
  updatedAt: item.updatedAt,
});

const isPromptOperation = (operation: OutboxOperation) =>
  operation.kind === 'addPrompt' || operation.kind === 'editPrompt' || operation.kind === 'deletePrompt';

export function promptRepository(db: ParleyDatabase = defaultDb) {
  /** Raised by every local change and every send; a list fetched before a change is not applied after it. */
  let changes = 0;
  async function bumpTotal(delta: number) {
    const current = (await db.promptMeta.get('total'))?.value ?? 0;
    await db.promptMeta.put({ key: 'total', value: Math.max(0, current + delta) });
  }
  async function queue(operation: OutboxOperation) {
    changes += 1;
    await db.outbox.add({ operation, createdAt: new Date().toISOString(), attempts: 0 });
  }
  /** The caller's prompt writes still waiting. Another account's (queued before its session ended) wait for it and
   * do not hold back this caller's list; the guest's this member signed in from are its own before the outbox
   * adopts them. */
  const pendingPromptOps = () => {
    const caller = outboxCaller();
    const adopted = caller ? adoptedTokens(caller) : [];
    return db.outbox
      .filter(
        (entry) =>
          isPromptOperation(entry.operation) &&
          (madeBy(entry, caller) || (entry.owner?.user === null && adopted.includes(entry.owner.token))),
      )
      .count();
  };

  return {
    /** What the list shows: newest first, deleted ones gone at once. */
    visible: async () =>
      (await db.prompts.orderBy('updatedAt').reverse().toArray()).filter((p) => p.deleted === 0),
    total: async () => (await db.promptMeta.get('total'))?.value ?? 0,
    loaded: async () => (await db.promptMeta.get('loadedAt')) !== undefined,

    /** Optimistic add: a temporary item at once; the outbox replaces it with the server's. */
    async add(input: { name: string; content: string }): Promise<LocalPrompt> {
      const item: LocalPrompt = {
        localId: newPromptLocalId(),
        promptId: null,
        name: input.name.trim(),
        content: input.content,
        is_new: true,
        saved: false,
        deleted: 0,
        updatedAt: new Date().toISOString(),
      };
      await db.transaction('rw', db.prompts, db.promptMeta, db.outbox, async () => {
        await db.prompts.add(item);
        await bumpTotal(1);
        await queue({ kind: 'addPrompt', localId: item.localId });
      });
      return item;
    },

    /** Optimistic edit; the server's name and content replace these when it answers. */
    async edit(localId: string, input: { name: string; content: string }) {
      await db.transaction('rw', db.prompts, db.outbox, async () => {
        await db.prompts.update(localId, {
          name: input.name.trim(),
          content: input.content,
          updatedAt: new Date().toISOString(),
        });
        const queued = await db.outbox
          .filter((e) => e.operation.kind === 'editPrompt' && e.operation.localId === localId)
          .count();
        if (queued === 0) await queue({ kind: 'editPrompt', localId });
      });
    },

    async remove(localId: string) {
      await db.transaction('rw', db.prompts, db.promptMeta, db.outbox, async () => {
        await db.prompts.update(localId, { deleted: 1 });
        await bumpTotal(-1);
        await queue({ kind: 'deletePrompt', localId });
      });
    },

    /** The server's list replaces the cache, unless local changes still wait to be sent. */
    async refresh(): Promise<boolean> {
      const seen = changes;
      const items: UserPrompt[] = [];
      let total = 0;
      for (let start = 0; start < 10 * PROMPT_PAGE_MAX; start += PROMPT_PAGE_MAX) {
        const page = await promptApi.list(start, PROMPT_PAGE_MAX, { suppressAlert: true });
        total = page.totalElements;
        items.push(...page.content);
        if (items.length >= total || page.content.length === 0) break;
      }
      return db.transaction('rw', db.prompts, db.promptMeta, db.outbox, async () => {
        if (seen !== changes || (await pendingPromptOps()) > 0) return false;
        // A prompt added here keeps the id this device gave it: the dialog's row (and an edit or a delete
        // question open on it) is keyed by it, and a new id made the row start over a moment after Save.
        const known = new Map(
          (await db.prompts.toArray()).flatMap((p) => (p.promptId ? [[p.promptId, p.localId] as const] : [])),
        );
        await db.prompts.clear();
        await db.prompts.bulkPut(items.map((item) => fromServer(item, known.get(item.promptId))));
        await db.promptMeta.bulkPut([
          { key: 'total', value: total },
          { key: 'loadedAt', value: Date.now() },
        ]);
        return true;
      });
    },

    /** Sends one queued prompt change (called by the outbox, in order). */
    async send(operation: Extract<OutboxOperation, { localId: string }>): Promise<unknown> {
      const local = await db.prompts.get(operation.localId);
      if (!local) return null;
      changes += 1;
      try {
        if (operation.kind === 'addPrompt') {
          if (local.deleted) return null;
          const saved = await promptApi.add(
            { name: local.name, content: local.content, clientId: local.localId },
            { suppressAlert: true },
          );
          // Edits typed while the add was on the way stay local and go with their own queued edit.
          const now = await db.prompts.get(local.localId);
          const editedMeanwhile = now && (now.name !== local.name || now.content !== local.content);
          await db.prompts.update(local.localId, {
            promptId: saved.promptId,
            is_new: false,
            saved: true,
            ...(editedMeanwhile ? {} : { name: saved.name, content: saved.content }),
          });
          return saved;
        }
        if (operation.kind === 'editPrompt') {
          if (local.deleted || !local.promptId) return null;
          const saved = await promptApi.update(
            local.promptId,
            { name: local.name, content: local.content },
            { suppressAlert: true },
          );
          const now = await db.prompts.get(local.localId);
          if (now && now.name === local.name && now.content === local.content)
            await db.prompts.update(local.localId, { name: saved.name, content: saved.content });
          return saved;
        }
        if (local.promptId) {
          try {
            await promptApi.remove(local.promptId, { suppressAlert: true });
          } catch (error) {
            // Already gone on the server: the delete has happened.
            if (!(error instanceof ApiError && error.httpStatus === 404)) throw error;
          }
        }
        await db.prompts.delete(local.localId);
        return true;
      } catch (error) {
        // A 401 is the session that ended, not the change: it waits in the outbox for its account (local/outbox.ts).
        if (error instanceof ApiError && error.refused && error.httpStatus !== 401) {
          // Refused for good: a refused add removes its temporary item; a refused edit or a prompt deleted
          // elsewhere leaves the item as the server knows it.
          if (operation.kind === 'addPrompt') {
            await db.transaction('rw', db.prompts, db.promptMeta, async () => {
              await db.prompts.delete(local.localId);
              await bumpTotal(-1);
            });
          } else if (error.httpStatus === 404) {
            await db.transaction('rw', db.prompts, db.promptMeta, async () => {
              await db.prompts.delete(local.localId);
              if (!local.deleted) await bumpTotal(-1);
            });
          }
        }
        throw error;
      } finally {
        changes += 1;
      }
    },
  };
}

export const prompts = promptRepository();
