// @vitest-environment jsdom
// A session that ends without a logout (a 401) leaves the next account on the device none of its cached writing,
// prompts, settings, chats or composer drafts, while its writes still waiting are kept and sent, with their text,
// when it returns, and the words it typed in its composers are back in them.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../common/contract';
import { tokenStore, userInfoStore } from '../../src/api/storage';
import { composerDrafts } from '../../src/local/composer-drafts';
import { forgetThisDevice } from '../../src/local/forget-device';
import { createOutbox } from '../../src/local/outbox';
import { outboxCaller } from '../../src/local/outbox-owner';
import { promptRepository } from '../../src/local/prompts';
import { type OutboxOperation, ParleyDatabase } from '../../src/local/schema';
import { endSession } from '../../src/local/session-end';
import { documentSettingsRepository } from '../../src/local/settings';
import { writingRepository, writingStore } from '../../src/local/writing';

let counter = 0;
const databases: ParleyDatabase[] = [];

const signIn = (token: string, uid: string) => {
  tokenStore.setToken(token);
  userInfoStore.write({ uid, isLogin: true } as UserInfo);
};
/** What the auth machine does on a 401: note who it was, forget the login, empty the cache for the next one. */
const sessionEndsWith401 = async (db: ParleyDatabase) => {
  const ended = outboxCaller();
  tokenStore.setToken(null);
  userInfoStore.write(null);
  await endSession(ended, db);
};
/** Everything a list on the device could show. */
const visible = async (db: ParleyDatabase) => ({
  writing: (await db.writingSummaries.toArray()).map((d) => d.docTitle).sort(),
  writingTexts: await db.writingDocs.count(),
  prompts: (await db.prompts.toArray()).map((p) => p.name).sort(),
  settings: (await db.settings.toArray()).map((s) => s.value),
  chats: await db.channels.count(),
  messages: await db.messages.count(),
  docPages: await db.docPages.count(),
});

beforeEach(() => localStorage.clear());
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe('a session ended without a logout', () => {
  it("B sees nothing of A's cache; A's unsent writing, prompt and settings go, with their content, and its composer drafts come back when A returns", async () => {
    const db = new ParleyDatabase(`session-end-test-${counter++}`);
    databases.push(db);
    const now = new Date().toISOString();
    const sent: { op: OutboxOperation; token: string | null; row: unknown }[] = [];
    // The sender reads the row the write sends, as the real ones do (pushWritingDoc, prompts.send, settings.send).
    const outbox = createOutbox({
      db,
      send: async (op) => {
        const row =
          op.kind === 'saveWritingDoc'
            ? (await db.writingDocs.get(op.docId))?.docTitle
            : op.kind === 'addPrompt'
              ? (await db.prompts.get(op.localId))?.content
              : op.kind === 'saveDocumentSettings'
                ? (await db.settings.get('documents'))?.value
                : null;
        sent.push({ op, token: tokenStore.current(), row });
      },
    });

    tokenStore.setGuestToken('guest-1');
    signIn('token-a', 'user-a');
    // A's cache: what the server has (a synced document, a saved prompt, a chat, a document's pages) ...
    await writingStore(db).put({
      docId: 'synced-doc',
      docTitle: 'A synced plan',
      content: { type: 'doc', content: [] },
      revision: 3,
      serverRevision: 3,
      dirty: 0,
      localVersion: 1,
      writer: 'tab',
      tipsExistFlag: false,
      createdAt: now,
      updatedAt: now,
    });
    await db.prompts.put({
      localId: 'p1',
      promptId: 'p1',
      name: 'A saved prompt',
      content: 'synced',
      is_new: false,
      saved: true,
      deleted: 0,
      updatedAt: now,
    });
    await db.channels.put({
      channelId: 'a1',
      channelName: 'A chat',
      model: 'Standard',
      channelType: 'CHAT',
      createdAt: now,
      updatedAt: now,
    });
    await db.docPages.put({ md5: 'm1', pages: { md5: 'm1' } as never, savedAt: Date.now() });
    // ... and what A wrote offline, still waiting.
    const draft = await writingRepository(db, 'tab').create('A offline draft');
    const prompt = await promptRepository(db).add({ name: 'A offline prompt', content: 'unsent words' });
    await documentSettingsRepository(db).choose({ ocr: false });
    // ... and words typed in composers, not sent: in a chat, in the new chat, and a question on its way.
    composerDrafts.write('a1', 'half a question for A');
    composerDrafts.write('new', 'A starts a new chat');
    composerDrafts.holdUnsent('a1', 'A asked this');

    await sessionEndsWith401(db);
    signIn('token-b', 'user-b');
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 0 });
    expect(await visible(db)).toEqual({
      writing: [],
      writingTexts: 0,
      prompts: [],
      settings: [],
      chats: 0,
      messages: 0,
      docPages: 0,
    });
    // B's composers start empty: none of A's words are shown to B.
    expect([composerDrafts.read('a1'), composerDrafts.read('new')]).toEqual(['', '']);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('parley.draft.'))).toEqual([]);
    composerDrafts.write('new', 'B types here');
    // The writing page queues unsent documents again: none of A's is there to be queued as B's.
    await writingRepository(db, 'tab').requeueDirty();
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 0 });

    // B logs out: B's things go, A's waiting work stays.
    await forgetThisDevice(db);
    tokenStore.setGuestToken('guest-2');
    signIn('token-a-again', 'user-a');
    expect(await outbox.flush()).toMatchObject({ sent: 3, pending: 0 });
    expect(sent).toEqual([
      { op: { kind: 'saveWritingDoc', docId: draft.docId }, token: 'token-a-again', row: 'A offline draft' },
      { op: { kind: 'addPrompt', localId: prompt.localId }, token: 'token-a-again', row: 'unsent words' },
      {
        op: { kind: 'saveDocumentSettings' },
        token: 'token-a-again',
        row: expect.objectContaining({ ocr: false }),
      },
    ]);
    // Back in A's lists too (the fake sender did not mark them sent: they still show as A's unsent ones).
    expect((await visible(db)).writing).toEqual(['A offline draft']);
    expect((await visible(db)).prompts).toEqual(['A offline prompt']);
    // A's composers hold what A typed (B's words went with B's logout).
    expect(composerDrafts.read('a1')).toBe('A asked this\n\nhalf a question for A');
    expect(composerDrafts.read('new')).toBe('A starts a new chat');
    expect(await db.setAside.count()).toBe(0);
  });
});
