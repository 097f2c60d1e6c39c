// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../src/i18n';
import { ParleyDatabase } from '../../src/local/schema';
import { writingRepository } from '../../src/local/writing';

const text = (value: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: value }] }],
});

let counter = 0;
const databases: ParleyDatabase[] = [];
function freshDb() {
  const db = new ParleyDatabase(`writing-test-${counter++}`);
  databases.push(db);
  return db;
}
beforeAll(() => initI18n('en'));
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe('local writing documents', () => {
  it('every save is stored at once and queued once for sending', async () => {
    const db = freshDb();
    const tab = writingRepository(db, 'tab-a');
    const doc = await tab.create();
    let version = doc.localVersion;
    for (const word of ['a', 'ab', 'abc']) {
      const saved = await tab.save(doc.docId, { content: text(word) }, version);
      expect(saved.ok).toBe(true);
      if (saved.ok) version = saved.version;
    }
    const stored = await db.writingDocs.get(doc.docId);
    expect(stored?.content).toEqual(text('abc'));
    expect(stored?.dirty).toBe(1);
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => e.operation)).toEqual([{ kind: 'saveWritingDoc', docId: doc.docId }]);
  });

  it('a tab that missed another tab’s write keeps its own text as a copy instead of overwriting', async () => {
    const db = freshDb();
    const tabA = writingRepository(db, 'tab-a');
    const tabB = writingRepository(db, 'tab-b');
    const doc = await tabA.create('Plan');
    const seen = doc.localVersion;
    const a = await tabA.save(doc.docId, { content: text('from A') }, seen);
    expect(a.ok).toBe(true);
    const b = await tabB.save(doc.docId, { content: text('from B') }, seen);
    expect(b.ok).toBe(false);
    expect((await db.writingDocs.get(doc.docId))?.content).toEqual(text('from A'));
    if (b.ok) return;
    const copy = await db.writingDocs.get(b.copyId);
    expect(copy?.content).toEqual(text('from B'));
    expect(copy?.docTitle).toBe('Plan (copy)');
    expect(copy?.dirty).toBe(1);
    const queued = (await db.outbox.toArray()).map((e) => e.operation);
    expect(queued).toContainEqual({ kind: 'saveWritingDoc', docId: b.copyId });
  });

  it('the server list adds documents from other devices and never replaces unsent local text', async () => {
    const db = freshDb();
    const tab = writingRepository(db, 'tab-a');
    const mine = await tab.create('Mine');
    await tab.save(mine.docId, { content: text('unsent') }, mine.localVersion);
    const now = new Date().toISOString();
    await tab.mergeServerList([
      { docId: 'w-elsewhere', docTitle: 'From phone', revision: 4, createdAt: now, updatedAt: now },
      { docId: mine.docId, docTitle: 'Renamed elsewhere', revision: 2, createdAt: now, updatedAt: now },
    ]);
    expect(await db.writingDocs.get('w-elsewhere')).toMatchObject({ content: null, revision: 4, dirty: 0 });
    await tab.adoptServerDoc({
      docId: mine.docId,
      docTitle: 'Renamed elsewhere',
      content: text('server text'),
      revision: 2,
      tipsExistFlag: false,
      createdAt: now,
      updatedAt: now,
    });
    const local = await db.writingDocs.get(mine.docId);
    expect(local?.content).toEqual(text('unsent'));
    expect(local?.serverRevision).toBe(2);
  });
});
