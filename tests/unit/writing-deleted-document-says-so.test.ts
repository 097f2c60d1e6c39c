// @vitest-environment jsdom
// A document deleted in another tab or on another device says so when opened, in the server's words; only a
// failure that is not the server's "no such document" asks the user to check the connection.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/http';
import type { LocalWritingDoc } from '../../src/local/schema';
import { writingMachine } from '../../src/machines/writing.machine';

async function openFailingWith(error: Error) {
  const machine = writingMachine.provide({
    actors: {
      loadWritingDoc: fromPromise<LocalWritingDoc, { docId: string }>(async () => {
        throw error;
      }),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: 'OPEN', docId: 'w-gone' });
  return (await waitFor(actor, (s) => s.matches('failed'))).context.loadError;
}

describe('opening a writing document that cannot be loaded', () => {
  it("shows the server's not-found message for a document the server does not have", async () => {
    const gone = new ApiError('envelope', 'هذا المستند غير موجود أو ليس لك.', 404, 404);
    expect(await openFailingWith(gone)).toBe('هذا المستند غير موجود أو ليس لك.');
  });

  it('keeps the connection message for a network failure', async () => {
    expect(await openFailingWith(new ApiError('network', 'Failed to fetch'))).toBeNull();
  });
});
