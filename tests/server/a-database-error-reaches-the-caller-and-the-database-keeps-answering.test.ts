// A query that fails (a foreign key, a unique key) is answered with PostgreSQL's error and its fields, and the
// database goes on answering: on PGlite the error crosses from the database's worker thread, and one that could
// not be posted used to leave the server waiting for ever (the workspace test hung after a deleted document).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client';
import { DATABASES, freshPostgresDatabase } from '../helpers/server';

describe.each(DATABASES)('a failing query on %s', (kind) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-db-error-'));
    const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase() : null;
    handle = await openDatabase({ databaseUrl, dataDir });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers with the error and its fields, then keeps answering', async () => {
    const missing = handle.db.execute(
      sql`insert into document_image_runs (document_id, owner_id, state, image_count) values ('no-such-document', 'no-such-user', 'done', 0)`,
    );
    // drizzle wraps the database's error; its cause is PostgreSQL's, with the fields callers read.
    const error = (await missing.then(
      () => null,
      (e: unknown) => e,
    )) as { cause?: { code?: string; constraint?: string } } | null;
    expect(error?.cause?.code).toBe('23503');
    expect(error?.cause?.constraint).toMatch(/document_image_runs_.*_fk/);
    const answer = await handle.db.execute(sql`select 41 + 1 as n`);
    expect((answer as unknown as { rows: { n: number }[] }).rows[0].n).toBe(42);
  });
});
