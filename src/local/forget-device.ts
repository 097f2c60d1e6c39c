// Logging out forgets what this browser kept for the account: the next person on this device starts as a new
// guest and sees none of the member's chats, documents, writing or prompts (the server still has them all).
import { cacheOwner } from './cache-owner';
import { composerDrafts } from './composer-drafts';
import { outboxCaller } from './outbox-owner';
import { db as defaultDb, type ParleyDatabase } from './schema';

const ONE_CHAT_STATE_PREFIX = 'oneChatState_';

export async function forgetThisDevice(db: ParleyDatabase = defaultDb): Promise<void> {
  // First: the boot script stops drawing the cache even if clearing it is cut short.
  cacheOwner.forget();
  const caller = outboxCaller();
  await db.transaction('rw', db.tables, async () => {
    for (const table of db.tables) {
      // Writes another account queued here (its session ended before they went) stay for it to send when it
      // signs in again; this account's go with the rest.
      if (table.name === 'outbox')
        await db.outbox.filter((entry) => !(entry.owner?.user && entry.owner.user !== caller?.user)).delete();
      // ... and so do the rows those writes will send, set aside when that session ended (local/session-end.ts).
      else if (table.name === 'setAside')
        await db.setAside.filter((row) => !(row.owner.user && row.owner.user !== caller?.user)).delete();
      else await table.clear();
    }
  });
  forgetLocalDrafts();
}

/** The words typed in composers and each chat's view state, kept in localStorage, are forgotten too. */
export function forgetLocalDrafts() {
  composerDrafts.forgetAll();
  try {
    for (const key of Object.keys(localStorage))
      if (key.startsWith(ONE_CHAT_STATE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // No storage access: nothing was kept there either.
  }
}
