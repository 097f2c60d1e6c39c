// Session tokens are random and only their hash is stored, so a database leak does not leak logins.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { newId, newToken, sha256 } from './ids.js';

export interface Caller {
  userId: string;
  kind: 'guest' | 'member';
}

export function createSessionService(db: Database) {
  return {
    async createGuest(): Promise<{ token: string; caller: Caller }> {
      const userId = newId();
      const token = newToken();
      await db.insert(users).values({ id: userId, kind: 'guest' });
      await db.insert(sessions).values({ tokenHash: sha256(token), userId });
      return { token, caller: { userId, kind: 'guest' } };
    },

    /** A new session for a member who just logged in. */
    async issue(userId: string): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({ tokenHash: sha256(token), userId });
      return token;
    },

    /** Sign-out: the token stops working at once. */
    async revoke(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, sha256(token)));
    },

    async resolve(token: string | null): Promise<Caller | null> {
      if (!token || token.length > 256) return null;
      const rows = await db
        .select({ userId: users.id, kind: users.kind })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
