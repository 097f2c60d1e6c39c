// Facade of the md5 worker. One worker per file, so an aborted hash simply ends its worker.
import * as Comlink from 'comlink';
import type { Md5WorkerApi } from './md5.worker';
import type { Md5Progress } from './md5-core';

export async function md5OfFile(
  file: Blob,
  options: { onProgress?: Md5Progress; signal?: AbortSignal } = {},
) {
  const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module', name: 'md5' });
  const api = Comlink.wrap<Md5WorkerApi>(worker);
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(new DOMException('Hashing was cancelled', 'AbortError'));
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([
      api.md5(file, options.onProgress ? Comlink.proxy(options.onProgress) : undefined),
      aborted,
    ]);
  } finally {
    api[Comlink.releaseProxy]();
    worker.terminate();
  }
}
