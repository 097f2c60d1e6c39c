// Opens the database the environment asks for: PostgreSQL when DATABASE_URL is set, else embedded PGlite
// under the data dir, in a thread of its own (db/pglite-worker.mjs, reached through db/pglite-client.ts).
// Both run the same migrations.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { CheckpointPolicy } from './pglite-client.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * Where the chunk journal and the live answers' interval writes go. PostgreSQL: connections of their own, so
   * a chunk's write, which every live stream waits on, never queues behind the pool's other queries (at 400
   * streams starting, hundreds of start queries waited for the pool and each journal write behind them). PGlite:
   * `db` (its one thread runs every query anyway).
   */
  streamDb: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool (shared rate-limit counters) and its URL (a LISTEN connection of its own). */
  postgres: { pool: pg.Pool; url: string } | null;
  close(): Promise<void>;
}

/** What drizzle's PGlite and node-postgres databases keep as `$client`: the worker's client, or pg's Pool. */
type DriverClient =
  | { connect: unknown; query(config: { name: string; text: string; values: unknown[] }): Promise<unknown> }
  | { query(text: string, params: unknown[]): Promise<unknown> };

/**
 * A write run again and again with new parameters, its text given once: drizzle builds a statement's text and
 * parameters anew at every call, which for the chunk journal (one write per chunk when few answers stream)
 * cost the event loop more than sending it. On PostgreSQL it is prepared once per connection under `name`;
 * the PGlite worker prepares any statement it is sent twice. It answers nothing (writes only).
 */
export function repeatedWrite(
  db: Database,
  name: string,
  text: string,
): (params: unknown[]) => Promise<void> {
  const client = (db as unknown as { $client: DriverClient }).$client;
  const done = () => undefined;
  if ('connect' in client) return (values) => client.query({ name, text, values }).then(done);
  return (params) =>
    (client as { query(text: string, params: unknown[]): Promise<unknown> }).query(text, params).then(done);
}

/** Any fixed number: instances starting together take turns at the migrations. */
const MIGRATION_LOCK = 7_300_021;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Added to PGlite's own start parameters (by the worker and the initdb process, which load PGlite): a
 * smaller buffer cache. PostgreSQL's default shared_buffers (128 MB) is allocated and written at start
 * inside PGlite's WebAssembly memory, so it stayed resident even idle; the data files are read through the
 * operating system's page cache anyway, which caches them as well.
 * wal_init_zero off: each new 16 MiB file of the write-ahead log was first filled with zeros, written through
 * the WebAssembly file system in one go, which held the database thread (and every chunk waiting to be
 * stored) for 40 to 48 ms each time. Without it the file is made at its size and written as the log fills it;
 * what is stored and when is unchanged (PGlite writes its log without fsync either way).
 */
const PGLITE_EXTRA_PARAMS = ['-c', 'shared_buffers=16MB', '-c', 'wal_init_zero=off'];

/**
 * A first start (no PG_VERSION yet) runs initdb in a child process that then ends, so the memory initdb
 * takes is not kept by the server for good (a worker thread's was). A dir that already holds a database
 * is never touched here; a failed initdb leaves what PGlite itself would have left, and the next start
 * tries again.
 */
async function initPgliteDir(dir: string, extraParams: string[]): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dir, JSON.stringify(extraParams)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`creating the PGlite database in ${dir} failed (exit ${code})`);
}

type PgSdk = typeof pg;

async function drivers() {
  const [{ default: pgSdk }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pgSdk: pgSdk as PgSdk, drizzle, migrate };
}

/** The longest unix socket path Linux and macOS accept (sun_path less its terminating zero). */
const SOCKET_PATH_MAX = 103;

/** True when a live process answers on the socket (a socket file left by a killed one refuses). */
function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Two PGlites on one data dir would each overwrite what the other wrote. The server holding the dir listens
 * on a unix socket in it (only to be found there); a second one finds it and stops before it opens the
 * database. A socket left by a killed server answers nobody and is replaced. A data dir too deep for a
 * socket path goes without the check.
 */
async function holdDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  const socketPath = path.join(path.resolve(dataDir), '.pglite-in-use');
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) return { release: async () => {} };
  if (await socketAnswers(socketPath))
    throw new Error(`another Parley server is using the data dir ${dataDir}`);
  fs.rmSync(socketPath, { force: true });
  const holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(socketPath, () => resolve());
  });
  // Nothing waits on it: it must not keep a stopping process alive.
  holder.unref();
  return {
    release: () =>
      new Promise<void>((resolve) => {
        holder.close(() => resolve());
      }),
  };
}

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite: when its thread checkpoints (tests make it sooner; the worker's own default otherwise). */
  pgliteCheckpoint?: CheckpointPolicy;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only on PostgreSQL: the embedded default's idle memory does not carry them.
    const { pgSdk, drizzle, migrate } = await drivers();
    // 16: a few transactions hold advisory locks (services/keyed-lock.ts) while their work uses others.
    const pool = new pgSdk.Pool({ connectionString: options.databaseUrl, max: 16 });
    const db = drizzle(pool, { schema });
    // The journal's one write in flight and the interval write's.
    const streamPool = new pgSdk.Pool({ connectionString: options.databaseUrl, max: 2 });
    // Several instances starting at once on an empty database would each try to create the same tables.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db: db as unknown as Database,
      streamDb: drizzle(streamPool, { schema }) as unknown as Database,
      kind: 'postgres',
      postgres: { pool, url: options.databaseUrl },
      close: () => Promise.all([pool.end(), streamPool.end()]).then(() => undefined),
    };
  }
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const hold = await holdDataDir(options.dataDir);
  try {
    await initPgliteDir(dir, PGLITE_EXTRA_PARAMS);
    const [{ startPgliteWorker }, { drizzle }, { migrate }] = await Promise.all([
      import('./pglite-client.js'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await startPgliteWorker(dir, PGLITE_EXTRA_PARAMS, options.pgliteCheckpoint);
    // drizzle's PGlite driver calls only query() and transaction(), which the worker's client answers.
    const db = drizzle({ client: client as unknown as PGlite, schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (err) {
      await client.close();
      throw err;
    }
    return {
      db: db as unknown as Database,
      streamDb: db as unknown as Database,
      kind: 'pglite',
      postgres: null,
      async close() {
        await client.close();
        await hold.release();
      },
    };
  } catch (err) {
    await hold.release();
    throw err;
  }
}
