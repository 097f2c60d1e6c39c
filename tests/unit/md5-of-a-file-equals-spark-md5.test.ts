import { describe, expect, it } from 'vitest';
import { md5OfBlob, md5OfChunks, streamChunks } from '../../src/workers/md5-core';
import { seededBytes, sparkMd5 } from '../helpers/bytes';

const MiB = 1024 * 1024;

describe('md5 of a file (hash-wasm over the file read as a stream)', () => {
  const sizes = [0, 1, 63, 64, 65, 1000, MiB - 1, MiB, MiB + 1, 2 * MiB, 3 * MiB + 12_345];
  it.each(sizes)('equals spark-md5 for %i bytes', async (size) => {
    const data = seededBytes(size, size + 7);
    expect(await md5OfBlob(new Blob([data.slice()]))).toBe(sparkMd5(data));
  });

  it('reports progress that only grows and ends at the full size', async () => {
    for (const size of [0, 2 * MiB + 5]) {
      const data = seededBytes(size, 3);
      const seen: [number, number][] = [];
      await md5OfBlob(new Blob([data.slice()]), (done, total) => seen.push([done, total]));
      expect(seen.at(-1)).toEqual([size, size]);
      expect(seen.every(([done], i) => i === 0 || done > seen[i - 1][0])).toBe(true);
    }
  });

  it('is the same whatever the chunk edges', async () => {
    const data = seededBytes(MiB + 333, 11);
    const digests = await Promise.all(
      [1, 1000, 4096, 99_999, 3 * MiB].map((size) =>
        md5OfChunks(
          (async function* () {
            for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
          })(),
          data.length,
        ),
      ),
    );
    expect(new Set(digests)).toEqual(new Set([sparkMd5(data)]));
  });

  it('a read that fails ends the hash with that error instead of a digest', async () => {
    let sent = false;
    const broken = {
      size: 3000,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent) return controller.error(new Error('The file could not be read'));
            sent = true;
            controller.enqueue(seededBytes(1000, 9));
          },
        }),
    } as unknown as Blob;
    await expect(md5OfBlob(broken)).rejects.toThrow('The file could not be read');
  });

  it('a stream that ends short is not taken for the whole file', async () => {
    const short = new Blob([seededBytes(100, 2).slice()]);
    await expect(md5OfChunks(streamChunks(short.stream()), 101)).rejects.toThrow('read 100 of 101 bytes');
  });
});
