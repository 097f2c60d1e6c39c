// @vitest-environment jsdom
// A prompt added on this device keeps its local id when the server's list replaces the cache after the add is
// sent: the dialog's row is keyed by it, so a new id made the row start over (a delete question open on it
// vanished a moment after Save, and an edit would have gone to an id that no longer existed).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserPrompt } from '../../common/contract';
import { promptApi } from '../../src/api/prompts';
import { promptRepository } from '../../src/local/prompts';
import { ParleyDatabase } from '../../src/local/schema';

const db = new ParleyDatabase('saved-prompt-row-test');
afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
});

describe('saved prompts after a sync', () => {
  it('keep the local id of a prompt added here, and take the server id for one added elsewhere', async () => {
    const now = new Date().toISOString();
    const server: UserPrompt[] = [];
    vi.spyOn(promptApi, 'add').mockImplementation(async (body) => {
      const saved = {
        promptId: 'srv-1',
        name: body.name,
        content: body.content,
        createdAt: now,
        updatedAt: now,
      };
      server.push(saved);
      return saved;
    });
    vi.spyOn(promptApi, 'list').mockImplementation(async () => ({
      totalElements: server.length,
      content: server,
    }));
    const prompts = promptRepository(db);

    const added = await prompts.add({ name: 'Weekly summary', content: 'Summarise my week.' });
    const [operation] = await db.outbox.toArray();
    await prompts.send(operation.operation as Parameters<typeof prompts.send>[0]);
    await db.outbox.clear();
    server.push({
      promptId: 'srv-2',
      name: 'From the laptop',
      content: 'Hi',
      createdAt: now,
      updatedAt: now,
    });

    expect(await prompts.refresh()).toBe(true);
    const rows = await db.prompts.toArray();
    expect(rows.map((p) => [p.localId, p.promptId, p.name]).sort()).toEqual(
      [
        [added.localId, 'srv-1', 'Weekly summary'],
        ['srv-2', 'srv-2', 'From the laptop'],
      ].sort(),
    );
  });
});
