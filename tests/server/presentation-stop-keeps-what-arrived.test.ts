import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Presentation } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, type TestServer, waitFor } from '../helpers/server';
import { presentationStream } from '../helpers/sse-post';

const generate = (server: TestServer, token: string, body: unknown, options = {}) =>
  presentationStream(server.url, token, body, options);

describe.each(DATABASES)('stopping a presentation on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let mallory: string;
  beforeAll(async () => {
    // The offline model paces each outline section (8 x this delay), so a stop lands mid-outline.
    server = await startTestServer(kind, { offlineModel: { chunkDelayMs: 60 } });
    alice = await newGuest(server.url);
    mallory = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const stop = (token: string, presentationId: string) =>
    call<boolean>(server.url, 'POST', '/api/v1/presentation/stop', { token, body: { presentationId } });

  it('ends the outline where it is, keeps the sections that arrived, and the stream says stopped', async () => {
    const presentationId = 'pres-stop-0001';
    const body = {
      requestId: 'req-stop-0001',
      presentationId,
      step: 'outline',
      topic: 'Solar power: panels, batteries and the grid',
    };
    // The title and the first section, then the browser lets go; the run goes on without it.
    const first = await generate(server, alice, body, { stopAfterChunks: 2 });
    expect(first.chunks[1].section?.title).toBe('Introduction: Solar power');

    const other = await stop(mallory, presentationId);
    expect(other.status).toBe(404);

    const stopped = await stop(alice, presentationId);
    expect(stopped.body).toMatchObject({ code: 200, data: true });

    const resumed = await generate(server, alice, body, { lastEventId: 1 });
    expect(resumed.done).toEqual({ status: 'stopped' });
    const arrived = 1 + resumed.chunks.filter((c) => c.section).length;
    expect(arrived).toBeLessThan(5);

    const stored = await waitFor(
      () =>
        call<Presentation>(server.url, 'GET', `/api/v1/presentation/get?presentationId=${presentationId}`, {
          token: alice,
        }),
      (r) => r.body.data?.outline.length === arrived,
    );
    expect(stored.body.data).toMatchObject({ title: 'Solar power', type: 'outline', slides: [] });
    expect(stored.body.data.outline[0].title).toBe('Introduction: Solar power');
  });

  it('answers false when nothing is running, and a new generation after a stop runs to the end', async () => {
    const presentationId = 'pres-stop-0001';
    expect((await stop(alice, presentationId)).body.data).toBe(false);
    const again = await generate(server, alice, {
      requestId: 'req-stop-0002',
      presentationId,
      step: 'outline',
      topic: 'Solar power: panels, batteries and the grid',
    });
    expect(again.done).toEqual({ status: 'done' });
    expect(again.chunks.filter((c) => c.section)).toHaveLength(5);
  });
});
