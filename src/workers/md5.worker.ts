// The md5 worker: hashing a large file never blocks the page. Progress is sent at most every 50 ms.
import * as Comlink from 'comlink';
import { type Md5Progress, md5OfBlob } from './md5-core';

function throttled(onProgress?: Md5Progress): Md5Progress {
  let last = 0;
  return (done, total) => {
    const now = performance.now();
    if (onProgress && (now - last >= 50 || done === total)) {
      last = now;
      void onProgress(done, total);
    }
  };
}

const api = {
  md5(blob: Blob, onProgress?: Md5Progress): Promise<string> {
    return md5OfBlob(blob, throttled(onProgress));
  },
};
export type Md5WorkerApi = typeof api;

Comlink.expose(api);
