// Reads the file and hashes nothing: what the md5 worker is measured against. Two ways: in 1 MiB slices with one
// read ahead (slice().arrayBuffer(), as the hasher read before), and as the browser's stream of the file
// (Blob.stream(), as the hasher reads now). Touches one byte per chunk so nothing is optimised away.
import { HASH_CHUNK_BYTES } from '../../common/contract/documents';

async function slices(file: File): Promise<number> {
  let checksum = 0;
  let offset = 0;
  let pending: Promise<ArrayBuffer> | null =
    file.size > 0 ? file.slice(0, HASH_CHUNK_BYTES).arrayBuffer() : null;
  while (pending) {
    const slice = await pending;
    offset += slice.byteLength;
    pending = offset < file.size ? file.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer() : null;
    checksum ^= new Uint8Array(slice)[0] ?? 0;
  }
  return offset + (checksum & 0);
}

async function stream(file: File): Promise<number> {
  let checksum = 0;
  let offset = 0;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    offset += value.byteLength;
    checksum ^= value[0] ?? 0;
  }
  return offset + (checksum & 0);
}

self.onmessage = async (event: MessageEvent<{ file: File; how: 'slices' | 'stream' }>) => {
  const { file, how } = event.data;
  self.postMessage(how === 'stream' ? await stream(file) : await slices(file));
};
