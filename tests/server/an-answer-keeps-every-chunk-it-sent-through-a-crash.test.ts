import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelDetail } from '../../common/contract';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
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

describe.each(DATABASES)('an answer cut by SIGKILL on %s', (kind) => {
  let server: ServerProcess | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('keeps every chunk the client was sent and is continued after them when the server is back', async () => {
    server = await startServerProcess({
      OFFLINE_MODEL_CHUNK_DELAY_MS: '15',
      // The answer's row is written rarely: only the chunks themselves can hold what the client saw.
      STREAM_PERSIST_INTERVAL_MS: '60000',
      // On PostgreSQL other instances may be alive: the answer is continued once its lease is stale.
      ANSWER_LEASE_MS: '1000',
      ...(kind === 'postgres' ? { DATABASE_URL: await freshPostgresDatabase() } : {}),
    });
    const guest = await newGuest(server.url);
    const seen = await streamSend(
      server.url,
      guest,
      { requestId: `crash-${kind}`, message: 'Tell me everything about mountain weather and packing' },
      { stopAfterChunks: 12 },
    );
    expect(seen.chunks.length).toBe(12);
    await server.kill();
    await server.restart();

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
