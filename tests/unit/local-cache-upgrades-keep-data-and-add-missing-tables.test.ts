// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ParleyDatabase } from '../../src/local/schema';
import { oldLocalDatabase } from '../helpers/old-local-database';

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

// A browser that ran the build where the prompts cache (version 4) shipped before the document tables
// (version 3) has a database at version 4 without docFiles/docPages. Dexie compares the declared schema
// with the installed one on open and creates what is missing; this guards that we keep relying on it
// correctly rather than adding a schema version.
async function databaseFromThePromptsOnlyBuild(name: string) {
  const old = oldLocalDatabase(name, [1, 2, 4]);
  await old.open();
  await old.table('channels').put({ channelId: 'kept', channelName: 'my chat', updatedAt: '2026-11-01' });
  old.close();
}

describe('the local cache upgrade', () => {
  it('adds the document tables a version-4 browser lacks and keeps its chats', async () => {
    const name = `upgrade-${Date.now()}`;
    names.push(name);
    await databaseFromThePromptsOnlyBuild(name);

    const db = new ParleyDatabase(name);
    await db.open();
    await db.docPages.put({ md5: 'abc', savedAt: 1, pages: [] } as never);
    expect(await db.docPages.count()).toBe(1);
    expect((await db.channels.get('kept'))?.channelName).toBe('my chat');
    db.close();
  });

  it('opens a fresh database with every table', async () => {
    const name = `fresh-${Date.now()}`;
    names.push(name);
    const db = new ParleyDatabase(name);
    await db.open();
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'channels',
        'docFiles',
        'docPages',
        'messages',
        'outbox',
        'promptMeta',
        'prompts',
        'settings',
        'setAside',
        'writingDocs',
        'writingSummaries',
      ].sort(),
    );
    db.close();
  });
});
