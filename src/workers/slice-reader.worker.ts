// The reader half of two-thread hashing: reads the file's slices and hands them to the md5 worker's port.
import * as Comlink from 'comlink';
import { pumpSlices } from './slice-stream';

const api = {
  pump(blob: Blob, port: MessagePort): Promise<void> {
    return pumpSlices(blob, port);
  },
};
export type SliceReaderApi = typeof api;

Comlink.expose(api);
