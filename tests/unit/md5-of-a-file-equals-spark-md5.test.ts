import { describe, expect, it } from 'vitest';
import { HASH_CHUNK_BYTES } from '../../common/contract/documents';
import { md5OfBlob } from '../../src/workers/md5-core';
import { seededBytes, sparkMd5 } from '../helpers/bytes';

const MiB = HASH_CHUNK_BYTES;

describe('md5 of a file (hash-wasm over 1 MiB slices)', () => {
  const sizes = [0, 1, 63, 64, 65, 1000, MiB - 1, MiB, MiB + 1, 2 * MiB, 3 * MiB + 12_345];
  it.each(sizes)('equals spark-md5 for %i bytes', async (size) => {
    const data = seededBytes(size, size + 7);
    expect(await md5OfBlob(new Blob([data.slice()]))).toBe(sparkMd5(data));
  });

  it('reports progress once per slice, ending at the full size', async () => {
    const data = seededBytes(2 * MiB + 5, 3);
    const seen: [number, number][] = [];
    await md5OfBlob(new Blob([data.slice()]), (done, total) => seen.push([done, total]));
    expect(seen).toEqual([
      [MiB, data.length],
      [2 * MiB, data.length],
      [data.length, data.length],
    ]);
  });

  it('is the same whatever the slice size (slice edges do not change the digest)', async () => {
    const data = seededBytes(MiB + 333, 11);
    const blob = new Blob([data.slice()]);
    const digests = await Promise.all(
      [1000, 4096, 99_999, 3 * MiB].map((slice) => md5OfBlob(blob, undefined, slice)),
    );
    expect(new Set(digests)).toEqual(new Set([sparkMd5(data)]));
  });
});
