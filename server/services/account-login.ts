// The last step of every login (email code, Google, Apple, one-tap): find or create the account, move a
// guest's chats to it, and open a session.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { channels, users } from '../db/schema.js';
import { newId } from './ids.js';
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
      username: name?.trim().slice(0, 100) || email.split('@')[0],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // A concurrent first login may have won the insert.
  return (
    created?.id ??
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0].id
  );
}

/** A guest who logs in keeps the chats made as a guest: they move to the account. */
export async function completeLogin(
  db: Database,
  sessions: SessionService,
  userId: string,
  guest: Caller | null,
): Promise<string> {
  if (guest?.kind === 'guest' && guest.userId !== userId) {
    await db.update(channels).set({ ownerId: userId }).where(eq(channels.ownerId, guest.userId));
  }
  return sessions.issue(userId);
}
