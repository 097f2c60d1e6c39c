// Two servers on one embedded database would each overwrite what the other wrote: while a server runs on a
// data dir, a second one started on it stops with a clear error before it opens the database, and the first
// goes on answering with its data.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start';
import { call, newGuest } from '../helpers/server';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

describe('a second server on the data dir of a running one (PGlite)', () => {
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.close();
  });

  it('is refused, and the first keeps its data', async () => {
    server = await startServerProcess({});
    const token = await newGuest(server.url);
    const before = await call(server.url, 'GET', '/api/v1/user/currentUser', { token });
    expect(before.body.code).toBe(200);

    await expect(
      startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: server.dataDir,
        databaseUrl: null,
        logLevel: 'silent',
        staticDir: path.join(server.dataDir, 'no-client'),
      }),
    ).rejects.toThrow(`another Parley server is using the data dir ${server.dataDir}`);

    const after = await call(server.url, 'GET', '/api/v1/user/currentUser', { token });
    expect(after).toEqual(before);

    // A server that was killed leaves its socket behind; the next start on the dir is not refused.
    await server.kill();
    await server.restart();
    const again = await call(server.url, 'GET', '/api/v1/user/currentUser', { token });
    expect(again).toEqual(before);
  }, 60_000);
});
