// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/http';
import { channelRepository } from '../../src/local/channels';
import { createOutbox } from '../../src/local/outbox';
import { type OutboxOperation, ParleyDatabase } from '../../src/local/schema';

let counter = 0;
const databases: ParleyDatabase[] = [];
async function seeded() {
  const db = new ParleyDatabase(`outbox-test-${counter++}`);
  databases.push(db);
  const now = new Date().toISOString();
  await db.channels.bulkPut(
    ['a', 'b'].map((id) => ({
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
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe('outbox', () => {
  it('applies writes locally at once and sends them in the order they were made', async () => {
    const db = await seeded();
    const sent: OutboxOperation[] = [];
    const outbox = createOutbox({ db, send: async (op) => void sent.push(op) });
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a', channelName: 'first' });
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a', channelName: 'second' });
    await outbox.enqueue({ kind: 'deleteChannel', channelId: 'b' });
    expect((await db.channels.get('a'))?.channelName).toBe('second');
    expect(await db.channels.get('b')).toBeUndefined();

    const result = await outbox.flush();
    expect(result).toMatchObject({ sent: 3, pending: 0 });
    expect(
      sent.map((op) =>
        op.kind === 'renameChannel'
          ? op.channelName
          : op.kind === 'deleteChannel'
            ? `delete ${op.channelId}`
            : op.kind,
      ),
    ).toEqual(['first', 'second', 'delete b']);
  });

  it('keeps every write while the network is down and stops at the first failure', async () => {
    const db = await seeded();
    let online = false;
    const sent: OutboxOperation[] = [];
    const outbox = createOutbox({
      db,
      send: async (op) => {
        if (!online) throw new ApiError('network', 'Failed to fetch');
        sent.push(op);
      },
    });
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a', channelName: 'offline name' });
    await outbox.enqueue({ kind: 'deleteChannel', channelId: 'b' });
    expect(await outbox.flush()).toMatchObject({ sent: 0, pending: 2 });
    expect(sent).toEqual([]);
    online = true;
    expect(await outbox.flush()).toMatchObject({ sent: 2, pending: 0 });
  });

  it('drops a write the server refuses for good and reports it, then goes on', async () => {
    const db = await seeded();
    const outbox = createOutbox({
      db,
      send: async (op) => {
        if (op.kind === 'renameChannel')
          throw new ApiError('envelope', 'This chat does not exist or is not yours.', 404, 404);
      },
    });
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a', channelName: 'x' });
    await outbox.enqueue({ kind: 'deleteChannel', channelId: 'b' });
    const result = await outbox.flush();
    expect(result.sent).toBe(1);
    expect(result.refused.map((r) => r.message)).toEqual(['This chat does not exist or is not yours.']);
    expect(result.pending).toBe(0);
  });

  it('a fresh server list does not undo a rename still waiting to be sent', async () => {
    const db = await seeded();
    const outbox = createOutbox({ db, send: async () => Promise.reject(new ApiError('network', 'down')) });
    await outbox.enqueue({ kind: 'renameChannel', channelId: 'a', channelName: 'mine' });
    const now = new Date().toISOString();
    await channelRepository(db).replaceAll(
      ['a', 'b'].map((id) => ({
        channelId: id,
        channelName: `server ${id}`,
        fileTypeEnum: null,
        docEntries: null,
        ext: { channelTypeEnum: 'CHAT' as const },
        model: 'Standard',
        createdAt: now,
        updatedAt: now,
      })),
    );
    expect((await db.channels.get('a'))?.channelName).toBe('mine');
    expect((await db.channels.get('b'))?.channelName).toBe('server b');
  });
});
