// @vitest-environment jsdom
// The writing list reads each document's summary (title, time, unsent mark), never its text, which is saved on
// every keystroke: every write keeps the summary in step, and a browser upgrading keeps its documents listed.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initI18n } from '../../src/i18n';
import { ParleyDatabase } from '../../src/local/schema';
import { writingRepository } from '../../src/local/writing';
import { oldLocalDatabase } from '../helpers/old-local-database';

const text = (value: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: value }] }],
});

let counter = 0;
const names: string[] = [];
const freshName = () => {
  const name = `writing-summaries-test-${counter++}`;
  names.push(name);
  return name;
};
beforeAll(() => initI18n('en'));
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** Every document without its text, as the docs table itself has it (the summaries must agree with it). */
async function listedFromTheDocs(db: ParleyDatabase) {
  const docs = await db.writingDocs.orderBy('updatedAt').reverse().toArray();
  return docs.map(({ content: _text, ...summary }) => summary);
}

it('a browser with documents from before the summaries lists them all after the upgrade, texts kept', async () => {
  const name = freshName();
  const old = oldLocalDatabase(name, [1, 2, 3, 4]);
  await old.open();
  for (const [docId, docTitle, updatedAt] of [
    ['w-old', 'Older plan', '2026-11-01T10:00:00.000Z'],
    ['w-new', 'Newer plan', '2026-11-02T10:00:00.000Z'],
  ])
    await old.table('writingDocs').put({
      docId,
      docTitle,
      content: text(`text of ${docTitle}`),
      revision: 3,
      serverRevision: 3,
      dirty: 0,
      localVersion: 2,
      writer: 'server',
      tipsExistFlag: false,
      createdAt: updatedAt,
      updatedAt,
    });
  old.close();

  const db = new ParleyDatabase(name);
  const list = await writingRepository(db, 'tab-a').list();
  expect(list.map((doc) => doc.docTitle)).toEqual(['Newer plan', 'Older plan']);
  expect(list).toEqual(await listedFromTheDocs(db));
  expect((await db.writingDocs.get('w-old'))?.content).toEqual(text('text of Older plan'));
  db.close();
});

it('every write keeps the list in step, and the list never carries a text', async () => {
  const db = new ParleyDatabase(freshName());
  const tabA = writingRepository(db, 'tab-a');
  const tabB = writingRepository(db, 'tab-b');
  const doc = await tabA.create();
  let version = doc.localVersion;
  for (const [title, words] of [
    [undefined, 'first words'],
    ['My plan', undefined],
    [undefined, 'more words'],
  ] as const) {
    const saved = await tabA.save(
      doc.docId,
      { ...(title ? { docTitle: title } : {}), ...(words ? { content: text(words) } : {}) },
      version,
    );
    if (saved.ok) version = saved.version;
  }
  // Tab B missed tab A's saves: its text becomes a copy, listed too.
  const conflict = await tabB.save(doc.docId, { content: text('from B') }, doc.localVersion);
  expect(conflict.ok).toBe(false);
  // The server's list: one new document (text not fetched yet), and a newer revision of another.
  await tabA.mergeServerList([
    {
      docId: 'w-from-phone',
      docTitle: 'From my phone',
      revision: 2,
      createdAt: '2026-11-03T09:00:00.000Z',
      updatedAt: '2026-11-03T09:00:00.000Z',
    },
  ] as never);
  await tabA.adoptServerDoc({
    docId: 'w-from-phone',
    docTitle: 'From my phone, renamed',
    content: text('phone text'),
    revision: 3,
    tipsExistFlag: false,
    createdAt: '2026-11-03T09:00:00.000Z',
    updatedAt: '2026-11-03T09:05:00.000Z',
  } as never);

  // A save writes the text whole from the summary: what it does not change (revision, tips flag) is kept.
  await tabA.setTipsFlag('w-from-phone', true);
  const phone = await tabA.summary('w-from-phone');
  const typed = await tabA.save('w-from-phone', { content: text('typed here') }, phone?.localVersion ?? 0);
  expect(typed.ok).toBe(true);
  expect(await db.writingDocs.get('w-from-phone')).toMatchObject({
    content: text('typed here'),
    revision: 3,
    serverRevision: 3,
    tipsExistFlag: true,
    createdAt: '2026-11-03T09:00:00.000Z',
    dirty: 1,
  });

  const list = await tabA.list();
  expect(list.map((row) => row.docTitle).sort()).toEqual(
    ['From my phone, renamed', 'My plan', 'My plan (copy)'].sort(),
  );
  expect(list).toEqual(await listedFromTheDocs(db));
  for (const row of list) expect(row).not.toHaveProperty('content');
  expect(await tabA.summary(doc.docId)).toMatchObject({ docTitle: 'My plan', dirty: 1, writer: 'tab-a' });

  await tabA.remove(doc.docId);
  expect((await tabA.list()).map((row) => row.docId)).not.toContain(doc.docId);
  expect(await tabA.list()).toEqual(await listedFromTheDocs(db));
  db.close();
});
