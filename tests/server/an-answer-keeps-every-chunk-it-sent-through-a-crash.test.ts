import { afterEach, describe, expect, it } from 'vitest';
import { type ChannelDetail, OUTLINE_SECTIONS_MAX } from '../../common/contract';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import { offlineSlide } from '../../server/providers/ai/offline-presentation';
import {
  call,
  DATABASES,
  freshPostgresDatabase,
  joinContent,
  newGuest,
  streamSend,
  waitFor,
} from '../helpers/server';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { presentationStream } from '../helpers/sse-post';

// The longest outline a user may keep: its slides take a few seconds (one per section).
const SECTIONS = Array.from({ length: OUTLINE_SECTIONS_MAX }, (_v, i) => ({
  title: `Hut ${i + 1}`,
  points: [`Path to hut ${i + 1}`, `Beds in hut ${i + 1}`],
}));
const TITLE = 'Mountain huts, one by one';

/** Slides of the long outline being made; the client has seen three of them. */
async function slidesUnderWay(url: string, token: string) {
  const presentationId = 'pres-crash-slides';
  const outline = await presentationStream(url, token, {
    requestId: 'crash-outline',
    presentationId,
    step: 'outline',
    topic: 'Mountain huts',
  });
  expect(outline.done).toEqual({ status: 'done' });
  await call(url, 'POST', '/api/v1/presentation/updateOutline', {
    token,
    body: { presentationId, title: TITLE, outline: SECTIONS },
  });
  const body = { requestId: 'crash-slides', presentationId, step: 'slides' };
  const seen = await presentationStream(url, token, body, { stopAfterChunks: 3 });
  expect(seen.chunks).toHaveLength(3);
  return { body, seen };
}

describe.each(DATABASES)('an answer and slides cut by SIGKILL on %s', (kind) => {
  let server: ServerProcess | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('keep every chunk the client was sent and are continued after them when the server is back', async () => {
    server = await startServerProcess({
      OFFLINE_MODEL_CHUNK_DELAY_MS: '15',
      // The answer's row is written rarely: only the chunks themselves can hold what the client saw.
      STREAM_PERSIST_INTERVAL_MS: '60000',
      // On PostgreSQL other instances may be alive: the answer is continued once its lease is stale.
      ANSWER_LEASE_MS: '1000',
      ...(kind === 'postgres' ? { DATABASE_URL: await freshPostgresDatabase() } : {}),
    });
    const guest = await newGuest(server.url);
    const slides = await slidesUnderWay(server.url, guest);
    const seen = await streamSend(
      server.url,
      guest,
      { requestId: `crash-${kind}`, message: 'Tell me everything about mountain weather and packing' },
      { stopAfterChunks: 12 },
    );
    expect(seen.chunks.length).toBe(12);
    await server.kill();
    await server.restart();

    // The slides go on after the last one the client was sent, each once (alone on PGlite the restarted
    // server continues them at start-up; on PostgreSQL once their lease is stale).
    const rest = await presentationStream(server.url, guest, slides.body, { lastEventId: 2 });
    expect(rest.done).toEqual({ status: 'done' });
    const all = [...slides.seen.chunks, ...rest.chunks];
    expect(all.map((c) => c.chunkId)).toEqual(all.map((_c, i) => i));
    expect(all.map((c) => c.slide)).toEqual(SECTIONS.map((section) => offlineSlide(section, TITLE, 'en')));

    const answer = await waitFor(
      async () =>
        (
          await call<ChannelDetail>(server!.url, 'POST', '/api/v1/chat/getChannel', {
            token: guest,
            body: { channelId: seen.meta!.channelId },
          })
        ).body.data.messages.at(-1)!,
      (message) => message.status !== 'streaming',
      20_000,
    );
    expect(answer.role).toBe('assistant');
    expect(answer.status).toBe('done');
    expect(answer.content.startsWith(joinContent(seen.chunks))).toBe(true);
    // The offline model is deterministic: the continued answer is exactly the uninterrupted one.
    expect(answer.content).toBe(
      composeOfflineAnswer([
        { role: 'user', content: 'Tell me everything about mountain weather and packing' },
      ]),
    );
  }, 60_000); // Two start-ups of a whole server process: slow on a busy machine.
});
