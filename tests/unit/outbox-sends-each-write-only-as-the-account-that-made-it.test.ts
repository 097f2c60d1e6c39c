// @vitest-environment jsdom
// Offline writes queued by one account are never replayed as another who signs in on the same device: they
// wait for their own account (a guest's become the account it signs in as, which the server gave its things to).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../common/contract';
import { ApiError } from '../../src/api/http';
import { tokenStore, userInfoStore } from '../../src/api/storage';
import { forgetThisDevice } from '../../src/local/forget-device';
import { createOutbox } from '../../src/local/outbox';
import { type OutboxOperation, ParleyDatabase } from '../../src/local/schema';

let counter = 0;
const databases: ParleyDatabase[] = [];
async function seeded() {
  const db = new ParleyDatabase(`outbox-owner-test-${counter++}`);
  databases.push(db);
  const now = new Date().toISOString();
  await db.channels.bulkPut(
    ['a1', 'a2', 'b1', 'g1', 'g2'].map((id) => ({
      channelId: id,
      channelName: `chat ${id}`,
      model: 'Standard',
      channelType: 'CHAT',
      createdAt: now,
      updatedAt: now,
    })),
  );
  return db;
}

/** What the browser holds as each step happens (the auth machine writes these same keys). */
const signIn = (token: string, uid: string | null) => {
  tokenStore.setToken(token);
  userInfoStore.write(uid ? ({ uid, isLogin: true } as UserInfo) : null);
};
/** The session ended without a logout (refused or expired): the device is a guest again. */
const sessionEnds = (guestToken: string) => {
  tokenStore.setToken(null);
  userInfoStore.write(null);
  tokenStore.setGuestToken(guestToken);
};

beforeEach(() => localStorage.clear());
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe('outbox owners', () => {
  it("A's queued renames wait while B is signed in and go when A signs in again, with A's token", async () => {
    const db = await seeded();
    const sent: { op: OutboxOperation; token: string | null }[] = [];
    let online = false;
    const outbox = createOutbox({
      db,
      send: async (op) => {
        if (!online) throw new TypeError('Failed to fetch');
        sent.push({ op, token: tokenStore.current() });
      },
    });
    tokenStore.setGuestToken('guest-1');
    signIn('token-a', 'user-a');
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a1', channelName: 'A offline' });
    await outbox.enqueue({ kind: 'deleteChannel', channelId: 'a2' });

    sessionEnds('guest-1');
    online = true;
    // The guest this device fell back to sends nothing of A's.
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 0 });
    signIn('token-b', 'user-b');
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 0 });
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'b1', channelName: 'B online' });
    expect(await outbox.flush()).toMatchObject({ sent: 1, pending: 0 });
    expect(sent).toEqual([
      { op: { kind: 'renameChannel', channelId: 'b1', channelName: 'B online' }, token: 'token-b' },
    ]);
    expect(await db.outbox.count()).toBe(2);

    // B logs out: the device forgets B's things, but A's waiting writes stay for A.
    await forgetThisDevice(db);
    sessionEnds('guest-2');
    signIn('token-a-again', 'user-a');
    expect(await outbox.flush()).toMatchObject({ sent: 2, pending: 0 });
    expect(sent.slice(1)).toEqual([
      { op: { kind: 'renameChannel', channelId: 'a1', channelName: 'A offline' }, token: 'token-a-again' },
      { op: { kind: 'deleteChannel', channelId: 'a2' }, token: 'token-a-again' },
    ]);
  });

  it("a guest's writes become the account's it signs in as, once that account is known; another guest's do not", async () => {
    const db = await seeded();
    const sent: { op: OutboxOperation; token: string | null }[] = [];
    const outbox = createOutbox({
      db,
      send: async (op) => void sent.push({ op, token: tokenStore.current() }),
    });
    // An earlier guest of this device queued a write and lost its token before it went.
    tokenStore.setGuestToken('guest-old');
    await db.outbox.add({
      operation: { kind: 'renameChannel', channelId: 'g2', channelName: 'old guest' },
      createdAt: new Date().toISOString(),
      attempts: 0,
    });
    tokenStore.setGuestToken('guest-new');
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'g1', channelName: 'guest offline' });

    // Signed in; the user info is not here yet: nothing is sent as an unknown account.
    signIn('token-c', null);
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 0 });
    userInfoStore.write({ uid: 'user-c', isLogin: true } as UserInfo);
    expect(await outbox.flush()).toMatchObject({ sent: 1, pending: 0 });
    expect(sent).toEqual([
      { op: { kind: 'renameChannel', channelId: 'g1', channelName: 'guest offline' }, token: 'token-c' },
    ]);
    expect((await db.outbox.toArray()).map((e) => e.operation)).toEqual([
      { kind: 'renameChannel', channelId: 'g2', channelName: 'old guest' },
    ]);
  });

  it("a write refused because A's session ended (401) is not dropped: it goes when A signs in again", async () => {
    const db = await seeded();
    const ended = new Set(['token-a']);
    const sent: { op: OutboxOperation; token: string | null }[] = [];
    const outbox = createOutbox({
      db,
      send: async (op) => {
        const token = tokenStore.current();
        if (token && ended.has(token))
          throw new ApiError('envelope', 'Please log in again.', 401, 401, {
            code: 401,
            msg: '',
            data: null,
          });
        sent.push({ op, token });
      },
    });
    tokenStore.setGuestToken('guest-1');
    signIn('token-a', 'user-a');
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a1', channelName: 'A offline' });
    // Back online with the ended session: refused for the session, kept (no "refused" message either).
    expect(await outbox.flush()).toMatchObject({ sent: 0, refused: [], pending: 1 });
    sessionEnds('guest-1');
    signIn('token-b', 'user-b');
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 0 });
    signIn('token-a-again', 'user-a');
    expect(await outbox.flush()).toMatchObject({ sent: 1, pending: 0 });
    expect(sent).toEqual([
      { op: { kind: 'renameChannel', channelId: 'a1', channelName: 'A offline' }, token: 'token-a-again' },
    ]);
  });

  it('writes queued before entries were tagged still go, as before', async () => {
    const db = await seeded();
    const sent: OutboxOperation[] = [];
    const outbox = createOutbox({ db, send: async (op) => void sent.push(op) });
    signIn('token-d', 'user-d');
    await db.outbox.add({
      operation: { kind: 'deleteChannel', channelId: 'a1' },
      createdAt: new Date().toISOString(),
      attempts: 0,
    });
    // An entry stored by the previous version of the app has no owner.
    await db.outbox.toCollection().modify((entry) => {
      delete entry.owner;
    });
    expect(await outbox.flush()).toMatchObject({ sent: 1, pending: 0 });
    expect(sent).toEqual([{ kind: 'deleteChannel', channelId: 'a1' }]);
  });
});
