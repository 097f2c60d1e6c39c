// Deleting one's own account: the plan stops renewing first, then every row the account owns goes (the users row's
// cascades), then the stored files no one else holds.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { ResponseCode } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import {
  documentImages,
  documents,
  images,
  loginCodes,
  objectUploads,
  type subscriptions,
  trialTakenEmails,
  users,
} from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { PaymentProvider } from '../../providers/payments/provider.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';

/** What an account without an email types to confirm (social logins that gave none). */
export const DELETE_WITHOUT_EMAIL = 'DELETE';

export function createAccountDeletion(deps: {
  db: Database;
  store: ObjectStore;
  providerByName(name: string): PaymentProvider | null;
  /** The user's plans still running (billing's own query): those not already ending are cancelled first. */
  liveSubscriptions(userId: string): Promise<(typeof subscriptions.$inferSelect)[]>;
  /** Whether the user took the one trial (or subscribed), and the keyed hash their email is then kept as. */
  tookTrial(userId: string): Promise<boolean>;
  trialEmailHash(email: string): string;
  logger: Logger;
}) {
  const { db, store, logger } = deps;

  /** md5s among these that no document, upload proof or generated image of anyone refers to any more. */
  async function unheld(md5s: string[]): Promise<string[]> {
    if (md5s.length === 0) return [];
    const held = new Set<string>();
    for (const rows of await Promise.all([
      db.select({ md5: documents.md5 }).from(documents).where(inArray(documents.md5, md5s)),
      db.select({ md5: objectUploads.md5 }).from(objectUploads).where(inArray(objectUploads.md5, md5s)),
      db.select({ md5: images.md5 }).from(images).where(inArray(images.md5, md5s)),
    ]))
      for (const row of rows) held.add(row.md5);
    return md5s.filter((md5) => !held.has(md5));
  }

  return {
    /**
     * Deletes the caller's account. `confirm` is the account's email as the user typed it (case and spaces
     * aside), so a stolen session alone, or a slip of the finger, cannot do it.
     */
    async remove(caller: Caller, confirm: string): Promise<void> {
      if (caller.kind !== 'member')
        throw new AppError(ResponseCode.BadRequest, 'account.deleteNeedsLogin', { httpStatus: 403 });
      const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
      if (!user) throw new AppError(ResponseCode.BadRequest, 'auth.required', { httpStatus: 401 });
      const expected = (user.email ?? DELETE_WITHOUT_EMAIL).trim().toLowerCase();
      if (confirm.trim().toLowerCase() !== expected) throw badRequest('account.deleteConfirmMismatch');

      // A plan that would renew is cancelled with its provider first: if that fails nothing is deleted, so no
      // one is charged again for an account that no longer exists.
      const renewing = (await deps.liveSubscriptions(user.id)).filter((sub) => !sub.cancelAtPeriodEnd);
      for (const sub of renewing) {
        try {
          const provider = deps.providerByName(sub.provider);
          if (!provider) throw new Error(`no provider ${sub.provider}`);
          await provider.cancelAtPeriodEnd(sub.id);
        } catch (error) {
          logger.warn(
            { err: error, subscription: sub.id },
            'cancelling a plan before deleting its account failed',
          );
          throw new AppError(ResponseCode.ServerError, 'account.deletePlanNotCancelled', { httpStatus: 502 });
        }
      }

      // The files to look at once the rows are gone: the account's uploads and generated pictures (stored once per
      // md5, maybe another user's too) and its documents' pictures (stored under the account's own id).
      const [docs, proofs, pictures, docImages] = await Promise.all([
        db.select({ md5: documents.md5 }).from(documents).where(eq(documents.ownerId, user.id)),
        db.select({ md5: objectUploads.md5 }).from(objectUploads).where(eq(objectUploads.userId, user.id)),
        db.select({ md5: images.md5 }).from(images).where(eq(images.ownerId, user.id)),
        db
          .select({ key: documentImages.storageKey })
          .from(documentImages)
          .where(and(eq(documentImages.ownerId, user.id), isNotNull(documentImages.storageKey))),
      ]);

      // Deleting the account must not give its owner a second trial under the same address: only a keyed hash
      // of the address is kept (and only for those who had a trial or a plan), never the address itself.
      const keepTrialMark = user.email ? await deps.tookTrial(user.id) : false;
      await db.transaction(async (tx) => {
        if (keepTrialMark && user.email)
          await tx
            .insert(trialTakenEmails)
            .values({ emailHash: deps.trialEmailHash(user.email) })
            .onConflictDoNothing();
        // Every table that names a user refers to users with ON DELETE CASCADE: chats and their answers,
        // documents with their text and pictures' rows, writing, prompts, shared links, presentations, images,
        // feedback, sessions (so every signed-in device is signed out at once), billing rows and usage.
        await tx.delete(users).where(eq(users.id, user.id));
        // Login codes are kept by email, not by user.
        if (user.email) await tx.delete(loginCodes).where(eq(loginCodes.email, user.email));
      });

      const md5s = [...new Set([...docs, ...proofs, ...pictures].map((r) => r.md5.toLowerCase()))];
      const keys = [...(await unheld(md5s)).map(objectKeyForMd5), ...docImages.map((r) => r.key)];
      // The account is gone whatever happens here; a file that could not be removed is only logged.
      const failed = (await Promise.allSettled(keys.map((key) => store.remove(key)))).filter(
        (r) => r.status === 'rejected',
      );
      if (failed.length > 0)
        logger.warn(
          { count: failed.length, err: (failed[0] as PromiseRejectedResult).reason },
          'files of a deleted account could not be removed',
        );
      logger.info({ files: keys.length - failed.length }, 'an account was deleted');
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
