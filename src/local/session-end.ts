// A session that ends without a logout (refused with a 401: signed out on another device, sessions revoked) leaves
// the device's cache to whoever signs in next. What the server already has is dropped (it comes back from the
// server); the account's writes still waiting (a writing document, a saved prompt or the document settings that
// its outbox entries will send) and the words typed in its chat composers are set aside under its name, out of
// every list, and put back when it signs in here again, just before its outbox entries are sent.
import { cacheOwner } from './cache-owner';
import { type ComposerDraft, DRAFT_PREFIX } from './composer-drafts';
import { forgetLocalDrafts } from './forget-device';
import { madeBy, type OutboxOwner } from './outbox-owner';
import {
  db as defaultDb,
  type LocalDocumentSettings,
  type LocalPrompt,
  type LocalWritingDoc,
  type ParleyDatabase,
  type SetAsideRow,
  writingSummaryOf,
} from './schema';

// The composer's drafts are read here, not in composer-drafts.ts: that file is in the first script, this one is not.
/** Every kept composer text, to be set aside when the session they were typed in ends without a logout. */
function keptDrafts(): ComposerDraft[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith(DRAFT_PREFIX))
      .map((key) => ({ key: key.slice(DRAFT_PREFIX.length), text: localStorage.getItem(key) ?? '' }))
      .filter((draft) => draft.text);
  } catch {
    return [];
  }
}

/** Puts set-aside texts back. What was typed here meanwhile stays, first; a text already there is not doubled
 * (putting back again after a cut-short take-back). */
function putBackDrafts(drafts: ComposerDraft[]): void {
  try {
    for (const { key, text } of drafts) {
      const now = localStorage.getItem(DRAFT_PREFIX + key) ?? '';
      localStorage.setItem(DRAFT_PREFIX + key, !now ? text : now.includes(text) ? now : `${now}\n\n${text}`);
    }
  } catch {
    // No storage: nothing was kept to put back either.
  }
}

/** Nobody signs in as this: a row whose account could not be told waits, never shown to another. */
const NOBODY: OutboxOwner = { user: null, token: '' };

/**
 * Empties the cache for the next caller, keeping the ended account's unsent work aside. `ended`: the caller as it
 * was while the session lasted (outboxCaller() before the token was forgotten).
 */
export async function endSession(ended: OutboxOwner | null, db: ParleyDatabase = defaultDb): Promise<void> {
  // First: the boot script stops drawing the cache even if emptying it is cut short.
  cacheOwner.forget();
  // The server never had these words: they are the ended account's, whichever chat they were typed in.
  const drafts = keptDrafts();
  await db.transaction('rw', db.tables, async () => {
    // Whose each waiting row is: the account of the entry that will send it (it can be an older one's), else the
    // account that just ended (a row marked unsent whose entry was lost: the writing page queues it again).
    const owners = new Map<string, OutboxOwner>();
    for (const entry of await db.outbox.toArray()) {
      const owner = entry.owner ?? ended ?? NOBODY;
      const op = entry.operation;
      if (op.kind === 'saveWritingDoc') owners.set(`writingDocs:${op.docId}`, owner);
      if (op.kind === 'addPrompt' || op.kind === 'editPrompt' || op.kind === 'deletePrompt')
        owners.set(`prompts:${op.localId}`, owner);
      if (op.kind === 'saveDocumentSettings') owners.set('settings:documents', owner);
    }
    const aside: SetAsideRow[] = [];
    const keep = (table: SetAsideRow['table'], key: string, row: SetAsideRow['row'], unsent: boolean) => {
      const owner = owners.get(`${table}:${key}`) ?? (unsent ? (ended ?? NOBODY) : null);
      if (owner) aside.push({ table, owner, row } as SetAsideRow);
    };
    for (const doc of await db.writingDocs.toArray()) keep('writingDocs', doc.docId, doc, doc.dirty === 1);
    for (const prompt of await db.prompts.toArray())
      keep('prompts', prompt.localId, prompt, prompt.promptId === null || prompt.deleted === 1);
    for (const settings of await db.settings.toArray())
      keep('settings', settings.key, settings, settings.dirty === 1);
    for (const draft of drafts) aside.push({ table: 'composerDrafts', owner: ended ?? NOBODY, row: draft });

    for (const table of db.tables)
      if (table.name !== 'outbox' && table.name !== 'setAside') await table.clear();
    await db.setAside.bulkAdd(aside);
  });
  forgetLocalDrafts();
}

/** Puts back what this caller's ended session set aside (called before the outbox sends the caller's writes). */
export async function takeBackSetAside(
  caller: OutboxOwner | null,
  db: ParleyDatabase = defaultDb,
): Promise<void> {
  if (!caller) return;
  await db.transaction(
    'rw',
    db.setAside,
    db.writingDocs,
    db.writingSummaries,
    db.prompts,
    db.settings,
    async () => {
      const mine = await db.setAside.filter((row) => madeBy(row, caller)).toArray();
      for (const { table, row } of mine) {
        if (table === 'writingDocs') {
          await db.writingDocs.put(row as LocalWritingDoc);
          await db.writingSummaries.put(writingSummaryOf(row as LocalWritingDoc));
        }
        if (table === 'prompts') await db.prompts.put(row as LocalPrompt);
        if (table === 'settings') await db.settings.put(row as LocalDocumentSettings);
        // localStorage is outside the transaction: were it cut short, the rows stay and a second put-back does
        // not double the words.
        if (table === 'composerDrafts') putBackDrafts([row as ComposerDraft]);
      }
      await db.setAside.bulkDelete(mine.map((row) => row.id!));
    },
  );
}
