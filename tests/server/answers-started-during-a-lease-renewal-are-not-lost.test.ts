// On PostgreSQL an instance renews the leases of the answers it generates and stops those it no longer holds
// (another instance took them). An answer whose row was written while a renewal was under way is not in
// what that renewal read: it must not be taken for lost, or its stream waits for an owner that never comes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuest, type StreamResult, startTestServer, streamSend, type TestServer } from '../helpers/server';

/** Many answers starting at once, with a renewal every 100 ms among them. */
const ANSWERS = 60;
const ANSWER_MS_MAX = 20_000;

describe('answers started while their instance renews its leases (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres', { answerLeaseMs: 300, offlineModel: { chunkDelayMs: 10 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('all stream to the end', async () => {
    const guests = await Promise.all(Array.from({ length: 6 }, () => newGuest(server.url)));
    const results = await Promise.all(
      Array.from({ length: ANSWERS }, (_v, i) =>
        Promise.race([
          streamSend(server.url, guests[i % guests.length], {
            requestId: `renewal-race-${i}`,
            message: `Question ${i} about lighthouses and their keepers`,
          }),
          new Promise<StreamResult | 'hung'>((resolve) => setTimeout(() => resolve('hung'), ANSWER_MS_MAX)),
        ]),
      ),
    );
    const hung = results.filter((result) => result === 'hung').length;
    expect(hung).toBe(0);
    for (const result of results) expect((result as StreamResult).done).toEqual({ status: 'done' });
  }, 60_000);
});
