// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import type { ChatMessage } from '../../common/contract';
import { channelRepository } from '../../src/local/channels';
import { db } from '../../src/local/schema';

const message = (id: string, role: ChatMessage['role'], content: string, createdAt: string): ChatMessage => ({
  id,
  channelId: 'ch-order',
  role,
  content,
  model: 'standard',
  status: 'done',
  error: null,
  feedback: null,
  requestId: null,
  createdAt,
});

it('reads each answer after its question when both were written in the same millisecond', async () => {
  // The server writes a question and its answer's row in one statement: one time for both. Ids here sort
  // answer first, as half of the server's random ids do.
  const first = '2026-11-25T12:28:26.524Z';
  const second = '2026-11-25T12:28:27.995Z';
  const repo = channelRepository(db);
  await repo.putMessages([
    message('a-1', 'assistant', 'Answer one', first),
    message('z-1', 'user', 'Question one', first),
    message('b-2', 'assistant', 'Answer two', second),
    message('y-2', 'user', 'Question two', second),
  ]);
  expect((await repo.messages('ch-order')).map((m) => m.content)).toEqual([
    'Question one',
    'Answer one',
    'Question two',
    'Answer two',
  ]);
});
