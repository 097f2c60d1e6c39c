// The embedded database's own thread: PGlite runs here and answers the server's single connection over the
// PostgreSQL wire protocol on a unix socket, so the thread that writes the streams never runs a query.
// Plain JavaScript so it starts without a TypeScript loader. workerData: { dir, extraParams, socketPath }
// (start parameters added to PGlite's own).
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dir, extraParams, socketPath } = workerData;
const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...extraParams] });
// A socket file left by a process that was killed; the server checked that nobody answers on it.
fs.rmSync(socketPath, { force: true });
// PGlite is one session: the server holds one connection; a second is only room for a reconnect.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
await server.start();
// Only this user reaches the database (the wire protocol here has no password).
fs.chmodSync(socketPath, 0o600);
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (message) => {
  if (message?.type !== 'close') return;
  await server.stop();
  await db.close();
  fs.rmSync(socketPath, { force: true });
  parentPort.postMessage({ type: 'closed' });
  parentPort.close();
});
