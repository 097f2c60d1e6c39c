// The last step of every login (email code, Google, Apple, one-tap): find or create the account, move
// everything a guest owned to it, and open a session.
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { clipText } from '../../../common/text.js';
import type { Database } from '../../db/client.js';
import {
  answerSources,
  channelDocuments,
  channelShares,
  channels,
  chunkEmbeddings,
  documentChunks,
  documentImageRuns,
  documentImages,
  documents,
  images,
  objectUploads,
  presentations,
  uploadSessions,
  usageRecords,
  userFeedback,
  userPrompts,
  users,
  writingDocs,
} from '../../db/schema.js';
import { newId } from '../../ids.js';
import type { Caller, SessionService } from './sessions.js';

/** The member account with this (normalised) email, created on first login (named, when a provider says how). */
export async function findOrCreateMember(db: Database, email: string, name?: string | null): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      id: newId(),
      kind: 'member',
      email,
      username: clipText(name?.trim() ?? '', 100) || email.split('@')[0],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // A concurrent first login may have won the insert.
  return (
    created?.id ??
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0].id
  );
}

/**
 * Moves everything the guest owned to the account, all or nothing: chats, documents (with their text,
 * embeddings and pictures; the files themselves are stored by content, so they need no move), writing
 * documents, saved prompts, presentations, pictures, shares, uploads in progress, feedback and the usage
 * that counts against the quota (signing up does not give a fresh day).
 */
export async function adoptGuest(db: Database, guestId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(channels).set({ ownerId: userId }).where(eq(channels.ownerId, guestId));

    // A document the account already has (same file) stays the account's one: the guest's chats and
    // answers point at it, and the guest's copy goes.
    const guestDocs = await tx
      .select({ id: documents.id, md5: documents.md5 })
      .from(documents)
      .where(eq(documents.ownerId, guestId));
    if (guestDocs.length > 0) {
      const accountDocs = await tx
        .select({ id: documents.id, md5: documents.md5 })
        .from(documents)
        .where(
          and(
            eq(documents.ownerId, userId),
            inArray(
              documents.md5,
              guestDocs.map((d) => d.md5),
            ),
          ),
        );
      for (const kept of accountDocs) {
        const duplicate = guestDocs.find((d) => d.md5 === kept.md5);
        if (!duplicate) continue;
        // A chat that already lists the account's copy just loses the duplicate link.
        await tx
          .delete(channelDocuments)
          .where(
            and(
              eq(channelDocuments.documentId, duplicate.id),
              inArray(
                channelDocuments.channelId,
                tx
                  .select({ id: channelDocuments.channelId })
                  .from(channelDocuments)
                  .where(eq(channelDocuments.documentId, kept.id)),
              ),
            ),
          );
        await tx
          .update(channelDocuments)
          .set({ documentId: kept.id })
          .where(eq(channelDocuments.documentId, duplicate.id));
        await tx
          .update(answerSources)
          .set({ documentId: kept.id })
          .where(eq(answerSources.documentId, duplicate.id));
        await tx.delete(documents).where(eq(documents.id, duplicate.id));
      }
      await tx.update(documents).set({ ownerId: userId }).where(eq(documents.ownerId, guestId));
      await tx.update(documentChunks).set({ ownerId: userId }).where(eq(documentChunks.ownerId, guestId));
      await tx.update(chunkEmbeddings).set({ ownerId: userId }).where(eq(chunkEmbeddings.ownerId, guestId));
      await tx.update(documentImages).set({ ownerId: userId }).where(eq(documentImages.ownerId, guestId));
      await tx
        .update(documentImageRuns)
        .set({ ownerId: userId })
        .where(eq(documentImageRuns.ownerId, guestId));
    }

    // A writing id is unique per owner: a guest's document under an id the account already uses stays the guest's
    // (ids are random per device, so that is two documents sharing an id by chance, not one document twice).
    const accountDocIds = tx
      .select({ id: writingDocs.id })
      .from(writingDocs)
      .where(eq(writingDocs.ownerId, userId));
    await tx
      .update(writingDocs)
      .set({ ownerId: userId })
      .where(and(eq(writingDocs.ownerId, guestId), notInArray(writingDocs.id, accountDocIds)));
    // A prompt's client id is unique per owner: one the account already used is dropped from the moved copy
    // (it only made a replayed add idempotent).
    const accountClientIds = tx
      .select({ clientId: userPrompts.clientId })
      .from(userPrompts)
      .where(and(eq(userPrompts.ownerId, userId), isNotNull(userPrompts.clientId)));
    await tx
      .update(userPrompts)
      .set({ clientId: null })
      .where(and(eq(userPrompts.ownerId, guestId), inArray(userPrompts.clientId, accountClientIds)));
    await tx.update(userPrompts).set({ ownerId: userId }).where(eq(userPrompts.ownerId, guestId));
    await tx.update(presentations).set({ ownerId: userId }).where(eq(presentations.ownerId, guestId));
    await tx.update(images).set({ ownerId: userId }).where(eq(images.ownerId, guestId));
    await tx.update(channelShares).set({ ownerId: userId }).where(eq(channelShares.ownerId, guestId));
    // An upload of a file the account is already uploading continues as the account's one.
    const accountUploads = tx
      .select({ md5: uploadSessions.md5 })
      .from(uploadSessions)
      .where(eq(uploadSessions.userId, userId));
    await tx
      .delete(uploadSessions)
      .where(and(eq(uploadSessions.userId, guestId), inArray(uploadSessions.md5, accountUploads)));
    await tx.update(uploadSessions).set({ userId }).where(eq(uploadSessions.userId, guestId));
    // Files the guest proved it holds stay the account's to use.
    const accountObjects = tx
      .select({ md5: objectUploads.md5 })
      .from(objectUploads)
      .where(eq(objectUploads.userId, userId));
    await tx
      .delete(objectUploads)
      .where(and(eq(objectUploads.userId, guestId), inArray(objectUploads.md5, accountObjects)));
    await tx.update(objectUploads).set({ userId }).where(eq(objectUploads.userId, guestId));
    await tx.update(userFeedback).set({ userId }).where(eq(userFeedback.userId, guestId));
    await tx.update(usageRecords).set({ userId }).where(eq(usageRecords.userId, guestId));
  });
}

/** A guest who logs in keeps everything made as a guest: it moves to the account. */
export async function completeLogin(
  db: Database,
  sessions: SessionService,
  userId: string,
  guest: Caller | null,
  source = 'email',
): Promise<string> {
  if (guest?.kind === 'guest' && guest.userId !== userId) await adoptGuest(db, guest.userId, userId);
  return sessions.issue(userId, source);
}
