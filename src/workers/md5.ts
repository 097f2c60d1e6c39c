// Facade of md5 hashing: each file is hashed in an md5 worker, which reads the file itself as a stream. A
// worker that finished is kept for a while and hashes the next file: a new one first starts up and compiles
// md5's WebAssembly again, whose code is only fully optimised after it has run a while (a warm worker hashed a
// 256 MiB file about a fifth faster in bench/md5-throughput.ts). Files hashed at the same time get a worker
// each; a cancelled hash ends its worker.
import type * as Comlink from 'comlink';
import type { Md5WorkerApi } from './md5.worker';
import type { Md5Progress } from './md5-core';

/** How long a finished worker waits for the next file before it is ended. */
const KEEP_IDLE_MS = 30_000;

// comlink comes with the first file hashed, not with the chat page.
const comlink = () => import('comlink');

interface Hasher {
  worker: Worker;
  api: Comlink.Remote<Md5WorkerApi>;
  /** Ends comlink's side of the worker's port. */
  release(): void;
  idleTimer?: ReturnType<typeof setTimeout>;
}

let idle: Hasher | null = null;

async function take(): Promise<Hasher> {
  const kept = idle;
  if (kept) {
    idle = null;
    clearTimeout(kept.idleTimer);
    return kept;
  }
  const lib = await comlink();
  const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module', name: 'md5' });
  const api = lib.wrap<Md5WorkerApi>(worker);
  return { worker, api, release: () => api[lib.releaseProxy]() };
}

function end(hasher: Hasher) {
  clearTimeout(hasher.idleTimer);
  hasher.release();
  hasher.worker.terminate();
}

function keep(hasher: Hasher) {
  // One kept worker is enough for files one after another; a second one ends.
  if (idle) return end(hasher);
  idle = hasher;
  hasher.idleTimer = setTimeout(() => {
    if (idle === hasher) idle = null;
    end(hasher);
  }, KEEP_IDLE_MS);
}

export async function md5OfFile(
  file: Blob,
  options: { onProgress?: Md5Progress; signal?: AbortSignal } = {},
) {
  const hasher = await take();
  let stop = () => {};
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(new DOMException('Hashing was cancelled', 'AbortError'));
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
  });
  let reusable = false;
  try {
    const hex = await Promise.race([
      hasher.api.md5(file, options.onProgress ? (await comlink()).proxy(options.onProgress) : undefined),
      aborted,
    ]);
    reusable = true;
    return hex;
  } catch (error) {
    // A file the browser could not read leaves the worker as good as it was; a cancelled hash is still running.
    reusable = !(error instanceof DOMException && error.name === 'AbortError');
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    if (reusable) keep(hasher);
    else end(hasher);
  }
}
