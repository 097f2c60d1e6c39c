// Opens the database the environment asks for: PostgreSQL when DATABASE_URL is set, else embedded PGlite
// under the data dir. Both run the same migrations.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
 * PGlite's own start parameters plus a smaller buffer cache. PostgreSQL's default shared_buffers (128 MB)
 * is allocated and written at start inside PGlite's WebAssembly memory, so it stayed resident even idle;
 * the data files are read through the operating system's page cache anyway, which caches them as well.
 */
const pgliteStartParams = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/**
 * A first start (no PG_VERSION yet) runs initdb in a child process that then ends, so the memory initdb
 * takes is not kept by the server for good (a worker thread's was). A dir that already holds a database
 * is never touched here; a failed initdb leaves what PGlite itself would have left, and the next start
 * tries again.
 */
async function initPgliteDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dir, JSON.stringify(pgliteStartParams)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`creating the PGlite database in ${dir} failed (exit ${code})`);
}

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Loaded only on PostgreSQL: the embedded default's idle memory does not carry them.
    const [{ default: pgSdk }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // 16: a few transactions hold advisory locks (services/keyed-lock.ts) while their work uses others.
    const pool = new pgSdk.Pool({ connectionString: options.databaseUrl, max: 16 });
    const db = drizzlePg(pool, { schema });
    // Several instances starting at once on an empty database would each try to create the same tables.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
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
  await initPgliteDir(dir);
  const client = new PGlite(dir, { startParams: pgliteStartParams });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', postgres: null, close: () => client.close() };
}
