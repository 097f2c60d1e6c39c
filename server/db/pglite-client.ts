// The server's end of the embedded database in its worker thread (db/pglite-worker.mjs): the two calls
// drizzle's PGlite driver makes, query() and transaction(), sent over the worker's message port. Each query
// is posted at once, without waiting for the one before it, so PGlite runs them back to back in its thread.
import { Worker } from 'node:worker_threads';

interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };
type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

export interface PgliteWorkerClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  transaction<T>(callback: (tx: Pick<PgliteWorkerClient, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Types whose text drizzle keeps as it is (dates, intervals, numeric arrays). Its parsers are functions,
 * which cannot be posted; the worker applies the same ones, so anything else is refused here.
 */
function keptAsText(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse('1') !== '1') throw new Error(`a parser for type ${type} cannot run in the PGlite worker`);
    return Number(type);
  });
}

/** When the worker checkpoints (pglite-worker.mjs): after this much write-ahead log, looked at this often. */
export interface CheckpointPolicy {
  walBytes: number;
  checkMs: number;
}

export async function startPgliteWorker(
  dir: string,
  extraParams: string[],
  checkpoint?: CheckpointPolicy,
): Promise<PgliteWorkerClient> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dir,
      extraParams,
      ...(checkpoint
        ? { checkpointWalBytes: checkpoint.walBytes, checkpointCheckMs: checkpoint.checkMs }
        : {}),
    },
    // A small young generation: the thread's garbage (each query's parameters and rows) is collected sooner,
    // so its heap stays some 25 MiB smaller under load; the data live in PGlite's WebAssembly memory.
    resourceLimits: { maxYoungGenerationSizeMb: 6 },
  });
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number) =>
      reject(new Error(`the PGlite worker ended before it was ready (exit ${code})`));
    worker.once('error', reject);
    worker.once('exit', exited);
    worker.once('message', () => {
      worker.off('error', reject);
      worker.off('exit', exited);
      resolve();
    });
  });

  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let closing = false;
  // Answers arrive in batches (all the worker finished in one turn), as queries go out (below).
  worker.on('message', (answers: Answer[]) => {
    for (const answer of answers) {
      const waiting = pending.get(answer.id);
      if (!waiting) continue;
      pending.delete(answer.id);
      if (answer.error) waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
      else waiting.resolve(answer.result);
    }
  });
  // The worker ending on its own (PGlite aborted) leaves a server without its database: end the process with
  // the reason, so a supervisor starts it again, rather than answer every request with an error.
  worker.on('exit', (code) => {
    if (closing) return;
    throw new Error(`the PGlite worker ended unexpectedly (exit ${code})`);
  });

  /**
   * Queries made in one turn of the event loop's microtasks go to the worker as one message: each message
   * across the port cost this thread some 30 µs (at 400 streams 8% of its CPU), most of it per message.
   */
  let outbox: Record<string, unknown>[] = [];
  const flush = () => {
    const batch = outbox;
    outbox = [];
    try {
      worker.postMessage(batch);
    } catch {
      // A query whose parameters cannot be posted: each alone, so only that one fails.
      for (const message of batch)
        try {
          worker.postMessage([message]);
        } catch (error) {
          const waiting = pending.get(message.id as number);
          pending.delete(message.id as number);
          waiting?.reject(error as Error);
        }
    }
  };
  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (outbox.length === 0) queueMicrotask(flush);
      outbox.push({ ...message, id });
    });
  };
  const queryIn =
    (tx: number | null) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> =>
      call<Results>({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: options.rowMode,
        asText: keptAsText(options.parsers),
      });

  return {
    query: queryIn(null),
    async transaction(callback) {
      const tx = nextId;
      await call({ op: 'begin' });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback({ query: queryIn(tx) });
      } catch (error) {
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    /** Closes PGlite in its thread (its data flushed); ends the thread if it does not within 10 s. */
    async close() {
      closing = true;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const deadline = setTimeout(() => void worker.terminate(), 10_000);
      await call({ op: 'close' }).catch(() => worker.terminate());
      await exited;
      clearTimeout(deadline);
    },
  };
}
