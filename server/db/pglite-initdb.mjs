// Run as a child process on a first start only: PGlite's initdb creates the data dir here, and the
// several hundred MiB of memory it takes go back to the system when this process ends (a worker thread
// kept them: its freed WebAssembly and heap memory stayed in the server's RSS). The server's own PGlite
// then opens the finished dir and never runs initdb. Plain JavaScript so it starts without a TypeScript
// loader. Arguments: the data dir, then the start parameters added to PGlite's own, as JSON.
import { PGlite } from '@electric-sql/pglite';

const [dir, extraParams] = process.argv.slice(2);
const startParams = [...PGlite.defaultStartParams, ...JSON.parse(extraParams)];
const client = await PGlite.create(dir, { startParams });
await client.query('select 1');
await client.close();
