// Background sync: replays the outbox and refreshes the channel list whenever the caller is known and the
// network is (back) up.
import { fromCallback } from 'xstate';
import { chatApi } from '../api/chat';
import { apiHooks } from '../api/http';
import { tokenStore } from '../api/storage';
import { cacheOwner } from '../local/cache-owner';
import { cacheReady } from '../local/db';
import type { FlushResult } from '../local/outbox';

export type SyncEvent = { type: 'SYNC.NOW' };

export async function syncNow(): Promise<FlushResult> {
  // The app's first sync is asked for before the cache's code is here: it starts once that has come.
  const { channels, db, outbox } = await cacheReady();
  const result = await outbox.flush();
  // The server refused a queued write for good (e.g. the chat was deleted elsewhere): say so with its message.
  for (const refused of result.refused) apiHooks().onErrorToast(refused.message);
  if (result.pending === 0) {
    try {
      const token = tokenStore.current();
      const list = await chatApi.channels({ suppressAlert: true });
      // The list is this token's only if no other took its place meanwhile (a login, a refused token). The mark
      // goes just before the list: the app shows the cache only under its owner's mark (cacheOwner.holds), and the
      // live queries that the write wakes must find the new owner's.
      if (token && tokenStore.current() === token) cacheOwner.mark(token);
      await channels.replaceAll(list);
    } catch {
      // Offline or signed out: the cached list stays.
    }
    // Saved prompts are fetched only once the user has opened them on this device (the mark prompts.loaded()
    // reads, read here without the prompt store's code: that comes with the prompt library, not at start-up).
    if ((await db.promptMeta.get('loadedAt')) !== undefined) {
      try {
        const { prompts } = await import('../local/prompts');
        await prompts.refresh().catch(() => {});
      } catch {
        // Offline and its code never fetched here: the next sync tries again.
      }
    }
  }
  return result;
}

/**
 * Runs `sync` when the network comes back, the page is shown again or the app asks. One run at a time; a
 * trigger during a run is kept and runs once more after it: an 'online' that arrives while an offline pass is
 * still failing (slow storage on a busy phone) was dropped, and the change waited, online, for another trigger.
 */
export const syncLoop = (sync: () => Promise<unknown>) =>
  fromCallback<SyncEvent>(({ receive }) => {
    let running = false;
    let again = false;
    const run = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      void sync()
        .catch(() => {})
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            run();
          }
        });
    };
    const onVisible = () => document.visibilityState === 'visible' && run();
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onVisible);
    receive((event) => event.type === 'SYNC.NOW' && run());
    return () => {
      window.removeEventListener('online', run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });

export const syncLogic = syncLoop(syncNow);
