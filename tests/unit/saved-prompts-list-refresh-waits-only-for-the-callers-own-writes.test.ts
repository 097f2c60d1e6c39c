// @vitest-environment jsdom
// The saved-prompt list takes the server's list unless the signed-in caller's own prompt writes still wait: another
// account's write left queued on this device (its session ended before it went) no longer holds B's list back.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo, UserPrompt } from '../../common/contract';
import { promptApi } from '../../src/api/prompts';
import { tokenStore, userInfoStore } from '../../src/api/storage';
import { promptRepository } from '../../src/local/prompts';
import { ParleyDatabase } from '../../src/local/schema';

let counter = 0;
const databases: ParleyDatabase[] = [];
const signIn = (token: string, uid: string) => {
  tokenStore.setToken(token);
  userInfoStore.write({ uid, isLogin: true } as UserInfo);
};
const now = new Date().toISOString();
const serverList = (names: string[]) =>
  vi.spyOn(promptApi, 'list').mockImplementation(async () => ({
    totalElements: names.length,
    content: names.map(
      (name, i): UserPrompt => ({ promptId: `srv-${i}`, name, content: 'c', createdAt: now, updatedAt: now }),
    ),
  }));
const shown = async (db: ParleyDatabase) =>
  (await promptRepository(db).visible()).map((prompt) => prompt.name).sort();

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.restoreAllMocks();
  for (const db of databases.splice(0)) await db.delete();
});

describe("the saved-prompt list's refresh", () => {
  it("is not held back by another account's queued prompt write, and still is by the caller's own", async () => {
    const db = new ParleyDatabase(`prompt-refresh-owner-test-${counter++}`);
    databases.push(db);
    // A saves a prompt offline; A's session ends before it is sent, and B signs in on this device.
    signIn('token-a', 'user-a');
    await promptRepository(db).add({ name: 'A offline prompt', content: 'unsent' });
    await db.prompts.clear();
    signIn('token-b', 'user-b');
    serverList(['B saved prompt']);

    expect(await promptRepository(db).refresh()).toBe(true);
    expect(await shown(db)).toEqual(['B saved prompt']);
    // A's write still waits for A.
    expect(await db.outbox.count()).toBe(1);

    // B's own unsent prompt keeps the list as this device has it until it is sent.
    await promptRepository(db).add({ name: 'B offline prompt', content: 'unsent' });
    expect(await promptRepository(db).refresh()).toBe(false);
    expect(await shown(db)).toEqual(['B offline prompt', 'B saved prompt']);
  });

  it('is held back by a prompt the guest saved before signing in here (its write becomes the member’s)', async () => {
    const db = new ParleyDatabase(`prompt-refresh-owner-test-${counter++}`);
    databases.push(db);
    tokenStore.setGuestToken('guest-1');
    await promptRepository(db).add({ name: 'Guest offline prompt', content: 'unsent' });
    signIn('token-c', 'user-c');
    serverList([]);

    expect(await promptRepository(db).refresh()).toBe(false);
    expect(await shown(db)).toEqual(['Guest offline prompt']);
  });
});
