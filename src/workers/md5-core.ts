// The file hash of uploads: md5 (hash-wasm) over 1 MiB slices. The slices come either from the same thread
// (md5OfBlob, reads started ahead of the hash) or from a reader worker through a port (md5OfSlices with
// slicesFromPort), which takes the read's copying off the hashing thread.
import { createMD5 } from 'hash-wasm';
import { HASH_CHUNK_BYTES } from '../../common/contract/documents';
import { readSlices } from './slice-stream';

export type Md5Progress = (hashedBytes: number, totalBytes: number) => void;

export async function md5OfSlices(
  slices: AsyncIterable<Uint8Array>,
  totalBytes: number,
  onProgress?: Md5Progress,
): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  let hashed = 0;
  for await (const slice of slices) {
    hasher.update(slice);
    hashed += slice.byteLength;
    onProgress?.(hashed, totalBytes);
  }
  if (hashed !== totalBytes) throw new Error(`read ${hashed} of ${totalBytes} bytes`);
  return hasher.digest('hex');
}

export function md5OfBlob(blob: Blob, onProgress?: Md5Progress, sliceBytes = HASH_CHUNK_BYTES) {
  return md5OfSlices(readSlices(blob, sliceBytes), blob.size, onProgress);
}
