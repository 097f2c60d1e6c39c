// Opens the database the environment asks for: PostgreSQL when DATABASE_URL is set, else embedded PGlite
// under the data dir. Both run the same migrations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // 16: a few transactions hold advisory locks (services/keyed-lock.ts) while their work uses others.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 16 });
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
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', postgres: null, close: () => client.close() };
}
