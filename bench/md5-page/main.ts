// The bench page: the app's own md5 (md5OfFile, its worker kept between files as in the app) and a read-only
// worker over the same file, kept too, so neither side pays a worker's start-up after the warm-up round.
import { md5OfFile } from '../../src/workers/md5';

const reader = new Worker(new URL('./read-only.worker.ts', import.meta.url), { type: 'module' });

function readOnly(file: File, how: 'slices' | 'stream'): Promise<number> {
  return new Promise((resolve, reject) => {
    reader.onmessage = (event: MessageEvent<number>) => resolve(event.data);
    reader.onerror = (event) => reject(new Error(event.message));
    reader.postMessage({ file, how });
  });
}

const input = document.getElementById('file') as HTMLInputElement;
const picked = () => {
  const file = input.files?.[0];
  if (!file) throw new Error('no file picked');
  return file;
};

Object.assign(window, {
  benchReadOnly: () => readOnly(picked(), 'slices'),
  benchReadStream: () => readOnly(picked(), 'stream'),
  benchMd5: () => md5OfFile(picked()),
});
