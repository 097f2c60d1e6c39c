// Opens the database the environment asks for: PostgreSQL when DATABASE_URL is set, else embedded PGlite
// under the data dir, in a thread of its own (db/pglite-worker.mjs). Both are reached through node-postgres
// and run the same migrations.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool (shared rate-limit counters) and its URL (a LISTEN connection of its own). */
  postgres: { pool: pg.Pool; url: string } | null;
  close(): Promise<void>;
}

/** Any fixed number: instances starting together take turns at the migrations. */
const MIGRATION_LOCK = 7_300_021;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Added to PGlite's own start parameters (by the worker and the initdb process, which load PGlite): a
 * smaller buffer cache. PostgreSQL's default shared_buffers (128 MB) is allocated and written at start
 * inside PGlite's WebAssembly memory, so it stayed resident even idle; the data files are read through the
 * operating system's page cache anyway, which caches them as well.
 */
const PGLITE_EXTRA_PARAMS = ['-c', 'shared_buffers=16MB'];

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

/** Loaded only when a database is opened, so a test importing the types does not load the drivers. */
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

/**
 * Where the embedded database answers: `.s.PGSQL.5432` (the name node-postgres looks for in a socket
 * directory) in the data dir, so a second server on the same data dir finds the first one there. A data
 * dir too deep for a socket path gets a private temporary directory instead.
 */
function pgliteSocketDir(dataDir: string): { dir: string; temporary: boolean } {
  const dir = path.resolve(dataDir);
  if (Buffer.byteLength(path.join(dir, '.s.PGSQL.5432')) <= SOCKET_PATH_MAX) return { dir, temporary: false };
  return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'parley-db-')), temporary: true };
}

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

/** Starts PGlite in its worker thread; resolves once it accepts connections on the socket. */
async function startPgliteWorker(dir: string, extraParams: string[], socketPath: string): Promise<Worker> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dir, extraParams, socketPath },
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => {
      worker.off('exit', exited);
      reject(err);
    };
    const exited = (code: number) =>
      reject(new Error(`the PGlite worker ended before it was ready (exit ${code})`));
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.once('message', () => {
      worker.off('error', failed);
      worker.off('exit', exited);
      resolve();
    });
  });
  return worker;
}

/** Asks the worker to close PGlite cleanly (its data flushed); ends the thread if it does not within 10 s. */
async function stopPgliteWorker(worker: Worker): Promise<void> {
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.postMessage({ type: 'close' });
  const deadline = setTimeout(() => void worker.terminate(), 10_000);
  await exited;
  clearTimeout(deadline);
}

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<DatabaseHandle> {
  const { pgSdk, drizzle, migrate } = await drivers();
  if (options.databaseUrl) {
    // 16: a few transactions hold advisory locks (services/keyed-lock.ts) while their work uses others.
    const pool = new pgSdk.Pool({ connectionString: options.databaseUrl, max: 16 });
    const db = drizzle(pool, { schema });
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
      kind: 'postgres',
      postgres: { pool, url: options.databaseUrl },
      close: () => pool.end(),
    };
  }
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const socket = pgliteSocketDir(options.dataDir);
  const socketPath = path.join(socket.dir, '.s.PGSQL.5432');
  // Two PGlites on one data dir would each overwrite what the other wrote.
  if (!socket.temporary && (await socketAnswers(socketPath)))
    throw new Error(`another Parley server is using the data dir ${options.dataDir}`);
  await initPgliteDir(dir, PGLITE_EXTRA_PARAMS);
  const worker = await startPgliteWorker(dir, PGLITE_EXTRA_PARAMS, socketPath);
  const removeSocketDir = () => {
    if (socket.temporary) fs.rmSync(socket.dir, { recursive: true, force: true });
  };
  // The worker ending on its own (PGlite aborted) leaves a server without its database: end the process
  // with the reason, so a supervisor starts it again, rather than answer every request with an error.
  const crashed = (code: number) => {
    removeSocketDir();
    throw new Error(`the PGlite worker ended unexpectedly (exit ${code})`);
  };
  worker.on('exit', crashed);
  // PGlite is one session: one connection, so a transaction holds the database as it does in PGlite, and
  // queries outside it wait their turn. Never closed when idle: reconnecting would start a new session.
  const pool = new pgSdk.Pool({
    host: socket.dir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    max: 1,
    idleTimeoutMillis: 0,
  });
  const db = drizzle(pool, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    worker.off('exit', crashed);
    await pool.end();
    await stopPgliteWorker(worker);
    removeSocketDir();
    throw err;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    postgres: null,
    async close() {
      worker.off('exit', crashed);
      await pool.end();
      await stopPgliteWorker(worker);
      removeSocketDir();
    },
  };
}
