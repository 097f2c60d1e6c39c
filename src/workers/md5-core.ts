// The file hash of uploads: md5 (hash-wasm) over the file's bytes as the browser's own stream of it delivers
// them (Blob.stream()). The browser reads ahead on its own threads, so the hashing thread only hashes: reading
// in slices (slice().arrayBuffer() per MiB, or a second worker posting them) cost that thread more than md5.
import { createMD5 } from 'hash-wasm';

export type Md5Progress = (hashedBytes: number, totalBytes: number) => void;

/** md5 of the chunks, in order; progress after each. Chunk edges do not change the digest. */
export async function md5OfChunks(
  chunks: AsyncIterable<Uint8Array>,
  totalBytes: number,
  onProgress?: Md5Progress,
): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  let hashed = 0;
  for await (const chunk of chunks) {
    hasher.update(chunk);
    hashed += chunk.byteLength;
    onProgress?.(hashed, totalBytes);
  }
  if (hashed !== totalBytes) throw new Error(`read ${hashed} of ${totalBytes} bytes`);
  if (totalBytes === 0) onProgress?.(0, 0);
  return hasher.digest('hex');
}

/** The chunks of a byte stream; a read error ends the iteration with that error, an early exit cancels. */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

export function md5OfBlob(blob: Blob, onProgress?: Md5Progress): Promise<string> {
  return md5OfChunks(streamChunks(blob.stream()), blob.size, onProgress);
}
