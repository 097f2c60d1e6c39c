// The memory an idle server keeps on the embedded PGlite, first start (initdb) and restart: the server
// process started as `npm start` starts it, measured from /proc after it answers.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { call, newGuest } from '../helpers/server';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';

/** The goal is 300 MiB idle; the margin is for a loaded machine. Before, 900 MiB fresh and 470 on a restart. */
const LIMIT_MIB = 400;

function rssMib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

describe.skipIf(!fs.existsSync('/proc/self/status'))('an idle server on PGlite', () => {
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.close();
  });

  it('keeps less than 400 MiB after its first start and after a restart, with its data', async () => {
    server = await startServerProcess({});
    const first = rssMib(server.pid() as number);
    expect(first).toBeLessThan(LIMIT_MIB);
    const token = await newGuest(server.url);
    const before = await call(server.url, 'GET', '/api/v1/user/currentUser', { token });
    expect(before.body.code).toBe(200);

    await server.terminate();
    await server.restart();
    const again = rssMib(server.pid() as number);
    expect(again).toBeLessThan(LIMIT_MIB);
    // The database made in a child process at first start is the one the server keeps using.
    const after = await call(server.url, 'GET', '/api/v1/user/currentUser', { token });
    expect(after).toEqual(before);
    // Two process starts (tsx compiles the server each time, and the first runs initdb): about 10 s on an idle
    // machine, past 30 s when the full suite loads both cores.
  }, 120_000);
});
