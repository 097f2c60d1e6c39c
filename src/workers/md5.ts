// Facade of md5 hashing: a reader worker and an md5 worker joined by a MessagePort, so the file's reads and
// the hash run on two cores (hashing then keeps up with reading). Each file gets its own pair, so an
// aborted hash simply ends its workers.
import * as Comlink from 'comlink';
import type { Md5WorkerApi } from './md5.worker';
import type { Md5Progress } from './md5-core';
import type { SliceReaderApi } from './slice-reader.worker';

export async function md5OfFile(
  file: Blob,
  options: { onProgress?: Md5Progress; signal?: AbortSignal } = {},
) {
  const hashWorker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module', name: 'md5' });
  const readWorker = new Worker(new URL('./slice-reader.worker.ts', import.meta.url), {
    type: 'module',
    name: 'md5-reader',
  });
  const hasher = Comlink.wrap<Md5WorkerApi>(hashWorker);
  const reader = Comlink.wrap<SliceReaderApi>(readWorker);
  const aborted = new Promise<never>((_, reject) => {
    const stop = () => reject(new DOMException('Hashing was cancelled', 'AbortError'));
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
  });
  const { port1, port2 } = new MessageChannel();
  try {
    const digest = hasher.md5FromPort(
      Comlink.transfer(port2, [port2]),
      file.size,
      options.onProgress ? Comlink.proxy(options.onProgress) : undefined,
    );
    const pumped = reader.pump(file, Comlink.transfer(port1, [port1]));
    const [hex] = await Promise.race([Promise.all([digest, pumped]), aborted]);
    return hex;
  } finally {
    hasher[Comlink.releaseProxy]();
    reader[Comlink.releaseProxy]();
    hashWorker.terminate();
    readWorker.terminate();
  }
}
