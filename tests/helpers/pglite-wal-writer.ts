// A process that opens the embedded database as the server does, with checkpoints due after 4 MiB of
// write-ahead log, writes rows of incompressible text until one has happened, writes more after it, says
// "written <n>" on stdout and then waits to be killed (tests/server/the-embedded-database-checkpoints-...).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';

const [dataDir] = process.argv.slice(2);
const handle = await openDatabase({
  databaseUrl: null,
  dataDir,
  pgliteCheckpoint: { walBytes: 4 * 1024 * 1024, checkMs: 50 },
});
const { db } = handle;
await db.execute(sql`create table if not exists wal_filler (n integer primary key, v text not null)`);
const behind = async () =>
  Number(
    (
      (await db.execute(
        sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()`,
      )) as unknown as { rows: { bytes: number }[] }
    ).rows[0].bytes,
  );
let n = 0;
const write = async (rows: number) => {
  for (let i = 0; i < rows; i++)
    await db.execute(
      sql`insert into wal_filler (n, v) values (${n++}, ${crypto.randomBytes(192 * 1024).toString('base64')})`,
    );
};
// Some 40 MiB of log: ten times what a checkpoint is due after.
await write(160);
// The last rows go in after a checkpoint, so the restart finds them only by replaying the log after it.
const deadline = Date.now() + 20_000;
while ((await behind()) > 8 * 1024 * 1024 && Date.now() < deadline)
  await new Promise((r) => setTimeout(r, 50));
await write(5);
process.stdout.write(`written ${n} behind ${await behind()}\n`);
setInterval(() => {}, 1000);
