// The file hash of uploads: md5 over 1 MiB slices, the next slice's read started before the current
// slice is hashed, so disk and hashing overlap. Runs inside the md5 worker (never on the main thread).
import { createMD5 } from 'hash-wasm';
import { HASH_CHUNK_BYTES } from '../api/contract-documents';

export type Md5Progress = (hashedBytes: number, totalBytes: number) => void;

export async function md5OfBlob(
  blob: Blob,
  onProgress?: Md5Progress,
  sliceBytes = HASH_CHUNK_BYTES,
): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  const total = blob.size;
  const read = (from: number) => blob.slice(from, Math.min(from + sliceBytes, total)).arrayBuffer();
  let offset = 0;
  let pending: Promise<ArrayBuffer> | null = total > 0 ? read(0) : null;
  while (pending) {
    const slice = await pending;
    offset += slice.byteLength;
    pending = offset < total ? read(offset) : null;
    hasher.update(new Uint8Array(slice));
    onProgress?.(offset, total);
  }
  return hasher.digest('hex');
}
