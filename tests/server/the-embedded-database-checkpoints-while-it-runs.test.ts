// The embedded PGlite checkpoints while the server runs (a standalone PostgreSQL does so only when it stops),
// so its write-ahead log is recycled instead of growing for as long as Parley runs, and a start after a crash
// replays only what came after the last checkpoint, with every row written before the kill still there.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';

const root = path.resolve(import.meta.dirname, '../..');

describe('the embedded database under a steady stream of writes', () => {
  let dataDir = '';
  let child: ChildProcess | null = null;
  afterEach(() => {
    child?.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('checkpoints as its log grows, and keeps every row through a SIGKILL and a restart', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-checkpoints-'));
    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/pglite-wal-writer.ts', dataDir],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = writer;
    const said = await new Promise<string>((resolve, reject) => {
      let out = '';
      writer.stdout.on('data', (data: Buffer) => {
        out += data.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      writer.once('exit', (code) =>
        reject(new Error(`the writer ended (exit ${code}) before it wrote: ${out}`)),
      );
    });
    const [, written, behind] = /written (\d+) behind (\d+)/.exec(said) ?? [];
    // About 40 MiB of log was written; without checkpoints the last one is the one made at the start.
    expect(Number(written)).toBe(165);
    expect(Number(behind)).toBeLessThan(8 * 1024 * 1024);

    const exited = new Promise((resolve) => writer.once('exit', resolve));
    writer.kill('SIGKILL');
    await exited;

    const handle = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const { rows } = (await handle.db.execute(
        sql`select count(*)::int as n, max(n)::int as last, (select setting from pg_settings where name = 'wal_init_zero') as zero from wal_filler`,
      )) as unknown as { rows: { n: number; last: number; zero: string }[] };
      expect(rows[0]).toEqual({ n: 165, last: 164, zero: 'off' });
    } finally {
      await handle.close();
    }
    // The log's files in use stay few: old ones were recycled, not kept (some 40 MiB were written).
    const segments = fs
      .readdirSync(path.join(dataDir, 'pglite', 'pg_wal'))
      .filter((f) => /^[0-9A-F]{24}$/.test(f));
    expect(segments.length).toBeLessThanOrEqual(8);
  }, 120_000);
});
