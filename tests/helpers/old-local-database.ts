// The app's IndexedDB schema as older builds declared it, version by version, for the tests that open a browser's
// old database with today's build. Frozen on purpose: src/local/schema.ts may change, these builds never will.
import Dexie from 'dexie';

const OLD_VERSIONS: Record<number, Record<string, string>> = {
  1: {
    channels: 'channelId, updatedAt',
    messages: 'id, channelId, [channelId+createdAt], requestId',
    outbox: '++seq, createdAt',
  },
  2: { writingDocs: 'docId, updatedAt' },
  3: { docFiles: 'md5, savedAt', docPages: 'md5, savedAt' },
  4: { prompts: 'localId, promptId, updatedAt', promptMeta: 'key' },
};

/** A database declared with the given old versions (one build shipped version 4 without version 3). */
export function oldLocalDatabase(name: string, versions: number[]): Dexie {
  const old = new Dexie(name);
  for (const version of versions) old.version(version).stores(OLD_VERSIONS[version]);
  return old;
}
