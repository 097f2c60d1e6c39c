// The embedded database's own thread: PGlite runs here and answers the server's queries sent over the
// worker's message port (db/pglite-client.ts is the other end), so the thread that writes the streams never
// runs a query. Queries arrive without waiting for each other's answers and run back to back in PGlite's own
// order (one at a time; a transaction holds the database until it ends). Plain JavaScript so it starts without
// a TypeScript loader. workerData: { dir, extraParams } (start parameters added to PGlite's own), and optionally
// checkpointWalBytes and checkpointCheckMs (below).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const { dir, extraParams } = workerData;
const db = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...extraParams] });

/**
 * PGlite runs PostgreSQL as one standalone process, and a standalone PostgreSQL checkpoints only when it stops
 * (what checkpoints a server on its own is a process of the server's): its write-ahead log grew for as long as
 * Parley ran, a new 16 MiB file every 16 MiB, and a start after a crash replayed all of it. This thread
 * checkpoints once the log has grown by `checkpointWalBytes` since the last checkpoint (looked at every
 * `checkpointCheckMs`), so the old files are recycled and a restart after a crash replays about that much at
 * most. A checkpoint here writes what is dirty of the 16 MB buffer cache: 5 to 13 ms, taken between queries.
 */
const { checkpointWalBytes = 64 * 1024 * 1024, checkpointCheckMs = 10_000 } = workerData;
let checkpointing = false;
const checkpoints = setInterval(async () => {
  if (checkpointing) return;
  checkpointing = true;
  try {
    const { rows } = await db.query(
      'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()',
    );
    if (rows[0].bytes >= checkpointWalBytes) await db.exec('checkpoint');
  } catch {
    // Closing, or PGlite failed: the queries that follow report it; the next round tries again.
  } finally {
    checkpointing = false;
  }
}, checkpointCheckMs);
checkpoints.unref();

/** Open transactions by id: the callback inside PGlite's transaction() waits here until the server ends it. */
const transactions = new Map();

/** Parsers cannot cross the port: the server names the types whose text it wants as it is. */
const parsersOf = (asText) =>
  asText ? Object.fromEntries(asText.map((type) => [type, (value) => value])) : undefined;

/**
 * PGlite's own parsers with the types kept as text, merged once per list of types: PGlite's result parser
 * copies every parser into a new object for each query given its own (drizzle gives them with every query),
 * which took some 18% of this thread's CPU at 400 streams.
 */
const mergedParsers = new Map();
function parsersWith(asText) {
  if (!asText) return db.parsers;
  const key = asText.join(',');
  let merged = mergedParsers.get(key);
  if (!merged) {
    merged = { ...db.parsers, ...parsersOf(asText) };
    // drizzle gives one list; a bound keeps a caller with many different lists from growing this.
    if (mergedParsers.size < 16) mergedParsers.set(key, merged);
  }
  return merged;
}

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

/**
 * Answers go out together, one message per turn of this thread's microtasks: a message across the port cost
 * the server's event loop some 30 µs to receive, more than many of the queries took here.
 */
let outbox = [];
function flush() {
  const answers = outbox;
  outbox = [];
  if (answers.length === 0) return;
  try {
    parentPort.postMessage(answers);
  } catch {
    // One answer could not be posted: each alone, so only that one is answered as an error.
    for (const answer of answers)
      try {
        parentPort.postMessage([answer]);
      } catch (error) {
        parentPort.postMessage([{ id: answer.id, error: plainError(error) }]);
      }
  }
}
const send = (answer) => {
  if (outbox.length === 0) queueMicrotask(flush);
  outbox.push(answer);
};
const fail = (id, error) => send({ id, error: plainError(error) });
/** Every query gets an answer: a result that cannot be posted is answered as an error. */
const reply = (id, result) => send({ id, result });

/**
 * Statements the server runs again and again (a chat's session lookup, its rows, the chunk journal's INSERT)
 * are prepared once, named, and then run as one Bind/Execute/Sync: PGlite's query() parses, plans and
 * describes every statement anew in six calls into PostgreSQL (at 400 streams about 1 of the thread's 2.6 ms
 * of CPU per chat).
 * Only plain reads and writes qualify, from their second run on; anything else (DDL, SET) runs as before and
 * forgets the prepared ones, whose plans it may change. At most PREPARED_MAX are kept (the oldest closed).
 */
const PREPARED_MAX = 200;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * Longer texts are the ones built for a number of rows (VALUES lists), rarely run twice alike: they are not
 * counted or kept, so what this holds stays within some megabytes.
 */
const PREPARED_TEXT_MAX = 4096;
const SEEN_MAX = 1000;
/** sql -> { name, paramTypes, rowDescription } */
const prepared = new Map();
/** sql -> runs so far, for statements not prepared yet (forgotten when it grows past a bound). */
const seen = new Map();
/** Prepared statements no longer used, closed before the next prepared run (inside PGlite's lock). */
const toClose = [];
let nextStatement = 1;
// PGlite's own locks, which its query() and transaction() take; without them, unprepared statements run.
const canPrepare =
  typeof db._runExclusiveTransaction === 'function' && typeof db._runExclusiveQuery === 'function';

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** Whether this run of `sql` should use (or make) its prepared statement. */
function wantsPrepared(sql) {
  if (!canPrepare) return false;
  if (prepared.has(sql)) return true;
  if (!PREPARABLE.test(sql)) {
    if (prepared.size > 0) forgetPrepared();
    return false;
  }
  if (sql.length > PREPARED_TEXT_MAX) return false;
  const runs = (seen.get(sql) ?? 0) + 1;
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(sql, runs);
  return runs >= 2;
}

/** Statements that change the schema may change what a prepared statement returns: all are closed. */
function forgetPrepared() {
  for (const { name } of prepared.values()) toClose.push(name);
  prepared.clear();
  seen.clear();
}

/** Runs `sql` through its prepared statement (made first if needed), holding PGlite's query lock. */
function runPrepared(sql, params, rowMode, asText, inTransaction) {
  return db._runExclusiveQuery(async () => {
    if (toClose.length > 0)
      await db.execProtocolStream(
        concat([
          ...toClose.splice(0).map((name) => protocol.serialize.close({ type: 'S', name })),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    let statement = prepared.get(sql);
    if (!statement) {
      const name = `parley_${nextStatement++}`;
      const described = await db.execProtocolStream(
        concat([
          protocol.serialize.parse({ name, text: sql }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      statement = {
        name,
        paramTypes: described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
        rowDescription: described.find((m) => m.name === 'rowDescription') ?? null,
      };
      prepared.set(sql, statement);
      seen.delete(sql);
      if (prepared.size > PREPARED_MAX) {
        const [oldest, { name: oldName }] = prepared.entries().next().value;
        prepared.delete(oldest);
        toClose.push(oldName);
      }
    } else {
      // Most recently used last: the oldest is closed first.
      prepared.delete(sql);
      prepared.set(sql, statement);
    }
    // The same text form of each parameter as PGlite's query() sends, by the type PostgreSQL inferred.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = db.serializers[statement.paramTypes[i]];
      return serialize ? serialize(value) : value.toString();
    });
    const messages = await db.execProtocolStream(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!inTransaction) await db.syncToFs();
    const withFields = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(withFields, parsersWith(asText), { rowMode })[0];
  });
}

function query(message) {
  const target = message.tx ? transactions.get(message.tx)?.tx : db;
  if (!target) return Promise.reject(new Error('the transaction has ended'));
  const params = message.params ?? [];
  const { rowMode, asText } = message;
  const result = !wantsPrepared(message.sql)
    ? target.query(message.sql, params, { rowMode, parsers: parsersOf(asText) })
    : message.tx
      ? runPrepared(message.sql, params, rowMode, asText, true)
      : db._runExclusiveTransaction(() => runPrepared(message.sql, params, rowMode, asText, false));
  return result.then(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
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

/** Queries come in batches too (db/pglite-client.ts): each is started in order. */
parentPort.on('message', (batch) => {
  for (const message of batch) handle(message);
});

function handle(message) {
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
      clearInterval(checkpoints);
      db.close().then(
        () => {
          reply(message.id, null);
          flush();
          parentPort.close();
        },
        (error) => fail(message.id, error),
      );
      return;
  }
}
parentPort.postMessage({ ready: true });
