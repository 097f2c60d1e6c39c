// The md5 worker: hashing a large file never blocks the page. Progress is sent at most every 50 ms.
import * as Comlink from 'comlink';
import { type Md5Progress, md5OfBlob } from './md5-core';

const api = {
  async md5(blob: Blob, onProgress?: Md5Progress): Promise<string> {
    let last = 0;
    return md5OfBlob(blob, (done, total) => {
      const now = performance.now();
      if (onProgress && (now - last >= 50 || done === total)) {
        last = now;
        void onProgress(done, total);
      }
    });
  },
};
export type Md5WorkerApi = typeof api;

Comlink.expose(api);
