// The embedded database's own thread: PGlite runs here and answers the server's queries sent over the
// worker's message port (db/pglite-client.ts is the other end), so the thread that writes the streams never
// runs a query. Queries arrive without waiting for each other's answers and run back to back in PGlite's own
// order (one at a time; a transaction holds the database until it ends). Plain JavaScript so it starts without
// a TypeScript loader. workerData: { dir, extraParams } (start parameters added to PGlite's own).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dir, extraParams } = workerData;
const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...extraParams] });

/** Open transactions by id: the callback inside PGlite's transaction() waits here until the server ends it. */
const transactions = new Map();

/** Parsers cannot cross the port: the server names the types whose text it wants as it is. */
const parsersOf = (asText) =>
  asText ? Object.fromEntries(asText.map((type) => [type, (value) => value])) : undefined;

/** PostgreSQL's fields of an error (pg's DatabaseError names), the ones callers read (code, constraint ...). */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];

/**
 * A database error keeps its PostgreSQL fields across the port, and only those: PGlite's error also carries
 * the query's parsers (functions), which cannot be posted, and an error that cannot be posted would leave the
 * server waiting for an answer that never comes.
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = { message: error.message, name: error.name };
  for (const field of ERROR_FIELDS) {
    const value = error[field];
    if (typeof value === 'string' || typeof value === 'number') plain[field] = value;
  }
  return plain;
}

const fail = (id, error) => parentPort.postMessage({ id, error: plainError(error) });
/** Every query gets an answer: a result that cannot be posted is answered as an error. */
const reply = (id, result) => {
  try {
    parentPort.postMessage({ id, result });
  } catch (error) {
    fail(id, error);
  }
};

function query(message) {
  const target = message.tx ? transactions.get(message.tx)?.tx : db;
  if (!target) return Promise.reject(new Error('the transaction has ended'));
  return target
    .query(message.sql, message.params, { rowMode: message.rowMode, parsers: parsersOf(message.asText) })
    .then(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
}

function begin(id) {
  const entry = { tx: null, resolve: null, reject: null, ended: null };
  entry.ended = db.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        Object.assign(entry, { tx, resolve, reject });
        transactions.set(id, entry);
        reply(id, null);
      }),
  );
  entry.ended.catch((error) => {
    // It never started (BEGIN failed, the database closed): the server is still waiting for this answer.
    if (!transactions.has(id)) fail(id, error);
  });
}

async function end(message) {
  const entry = transactions.get(message.tx);
  if (!entry) throw new Error('the transaction has ended');
  // Rejecting the callback makes PGlite roll back; resolving it commits.
  if (message.commit) entry.resolve();
  else entry.reject(new Error('rolled back'));
  try {
    await entry.ended;
  } catch (error) {
    if (message.commit) throw error;
  } finally {
    transactions.delete(message.tx);
  }
}

parentPort.on('message', (message) => {
  switch (message.op) {
    case 'query':
      query(message).then(
        (result) => reply(message.id, result),
        (error) => fail(message.id, error),
      );
      return;
    case 'begin':
      begin(message.id);
      return;
    case 'end':
      end(message).then(
        () => reply(message.id, null),
        (error) => fail(message.id, error),
      );
      return;
    case 'close':
      db.close().then(
        () => {
          reply(message.id, null);
          parentPort.close();
        },
        (error) => fail(message.id, error),
      );
      return;
  }
});
parentPort.postMessage({ ready: true });
