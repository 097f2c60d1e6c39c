// The bench page: the app's own md5 worker (md5OfFile) and a read-only worker over the same file.
import { md5OfFile } from '../../src/workers/md5';

function readOnly(file: File): Promise<number> {
  const worker = new Worker(new URL('./read-only.worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<number>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage(file);
  });
}

const input = document.getElementById('file') as HTMLInputElement;
const picked = () => {
  const file = input.files?.[0];
  if (!file) throw new Error('no file picked');
  return file;
};

Object.assign(window, {
  benchReadOnly: () => readOnly(picked()),
  benchMd5: () => md5OfFile(picked()),
});
