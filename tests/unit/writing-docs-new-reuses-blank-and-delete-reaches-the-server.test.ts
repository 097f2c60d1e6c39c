// @vitest-environment jsdom
// "New document" never piles up empty "Untitled" documents, and a deleted document leaves this device at once
// and the server through the outbox (after any save still waiting for it).
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, expect, it } from 'vitest';
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
  const db = new ParleyDatabase(`writing-delete-test-${counter++}`);
  databases.push(db);
  return db;
}
beforeAll(() => initI18n('en'));
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

it('a second "New document" reuses the untouched one; leaving it throws it away', async () => {
  const db = freshDb();
  const tab = writingRepository(db, 'tab-a');
  const first = await tab.create();
  const second = await tab.create();
  expect(second.docId).toBe(first.docId);
  expect(await db.writingDocs.count()).toBe(1);

  await tab.save(first.docId, { content: text('Real words') }, first.localVersion);
  const third = await tab.create();
  expect(third.docId).not.toBe(first.docId);
  await tab.discardBlank(first.docId);
  expect((await db.writingDocs.toArray()).map((d) => d.docId)).toEqual([first.docId]);
});

it('another tab’s untouched document is not thrown away', async () => {
  const db = freshDb();
  const other = await writingRepository(db, 'tab-b').create();
  await writingRepository(db, 'tab-a').discardBlank(null);
  expect(await db.writingDocs.get(other.docId)).toBeDefined();
});

it('delete removes the document here and queues the server delete after its pending save', async () => {
  const db = freshDb();
  const tab = writingRepository(db, 'tab-a');
  const doc = await tab.create();
  await tab.save(doc.docId, { content: text('Draft') }, doc.localVersion);
  await tab.remove(doc.docId);
  expect(await db.writingDocs.get(doc.docId)).toBeUndefined();
  expect((await db.outbox.toArray()).map((e) => e.operation)).toEqual([
    { kind: 'deleteWritingDoc', docId: doc.docId },
  ]);
});

it('a document deleted on another device leaves this one, unless it has unsent changes', async () => {
  const db = freshDb();
  const tab = writingRepository(db, 'tab-a');
  const long = new Date(Date.now() - 10 * 60_000).toISOString();
  const summary = (docId: string) => ({
    docId,
    docTitle: docId,
    revision: 2,
    createdAt: long,
    updatedAt: long,
  });
  await tab.mergeServerList([summary('w-gone'), summary('w-edited')]);
  await db.writingDocs.update('w-edited', { dirty: 1 });
  await tab.mergeServerList([]);
  expect((await db.writingDocs.toArray()).map((d) => d.docId)).toEqual(['w-edited']);
});
