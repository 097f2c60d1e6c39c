// Whose account each queued offline write belongs to. A write is replayed only as the account that made it: one
// queued by A whose session ended, and then B signed in on this device, waits for A instead of reaching B.
import { tokenStore, userInfoStore } from '../api/storage';
import { cacheMark } from './cache-owner';

/** Who queued a write: the member's uid (null while unknown, and for a guest) and the mark of the token it was
 * made under. */
export interface OutboxOwner {
  user: string | null;
  token: string;
}

/**
 * The caller as the outbox knows it: the member's uid once the user info of this login is known, and always the
 * mark of the token (a guest's only identity; a member's until its user info arrives). null: no token at all.
 */
export function outboxCaller(): OutboxOwner | null {
  const login = tokenStore.token();
  const token = login ?? tokenStore.guestToken();
  if (!token) return null;
  const user = login ? userInfoStore.read() : null;
  return { user: user?.isLogin && user.uid ? user.uid : null, token: cacheMark(token) };
}

/** Whether an entry may be sent by (and counted for) this caller. */
export function madeBy(entry: { owner?: OutboxOwner }, caller: OutboxOwner | null): boolean {
  // Queued before entries were tagged: it goes as before, with whoever is signed in.
  if (!entry.owner) return true;
  if (!caller) return false;
  if (entry.owner.user !== null) return entry.owner.user === caller.user;
  return entry.owner.token === caller.token;
}

/**
 * The token marks whose untagged writes become this member's: its own login's (made before its user info
 * arrived), and the guest's this device signed in from, whose chats, documents, writing and prompts the server
 * moved to the account at that login (the login call carries the guest token; it stays stored beside the login).
 */
export function adoptedTokens(caller: OutboxOwner): string[] {
  const guest = tokenStore.guestToken();
  return guest && tokenStore.token() ? [caller.token, cacheMark(guest)] : [caller.token];
}
