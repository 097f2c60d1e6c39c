import { describe, expect, it } from 'vitest';
import { HASH_CHUNK_BYTES } from '../../common/contract/documents';
import { md5OfSlices } from '../../src/workers/md5-core';
import { pumpSlices, slicesFromPort } from '../../src/workers/slice-stream';
import { seededBytes, sparkMd5 } from '../helpers/bytes';

const MiB = HASH_CHUNK_BYTES;

describe('two-thread md5: a reader posting slices on a port, a hasher taking them', () => {
  it.each([0, 1, MiB - 1, MiB, MiB + 1, 5 * MiB + 777])('equals spark-md5 for %i bytes', async (size) => {
    const data = seededBytes(size, size + 3);
    const blob = new Blob([data.slice()]);
    const { port1, port2 } = new MessageChannel();
    const [digest] = await Promise.all([
      md5OfSlices(slicesFromPort(port2), blob.size),
      pumpSlices(blob, port1),
    ]);
    expect(digest).toBe(sparkMd5(data));
  });

  it('never has more than the window of slices in flight while the hasher is slow', async () => {
    const data = seededBytes(12 * 1024, 5);
    const blob = new Blob([data.slice()]);
    const { port1, port2 } = new MessageChannel();
    let taken = 0;
    let posted = 0;
    let mostAhead = 0;
    const realPost = port1.postMessage.bind(port1);
    port1.postMessage = ((message: unknown, transfer?: Transferable[]) => {
      if (message && typeof message === 'object' && 'slice' in message) posted += 1;
      mostAhead = Math.max(mostAhead, posted - taken);
      realPost(message, transfer ?? []);
    }) as typeof port1.postMessage;
    const slowHash = (async () => {
      for await (const _slice of slicesFromPort(port2)) {
        taken += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all([slowHash, pumpSlices(blob, port1, { sliceBytes: 512, window: 3 })]);
    expect(taken).toBe(24);
    expect(mostAhead).toBeLessThanOrEqual(3);
  });

  it('a read that fails ends the hash with an error instead of a wrong digest', async () => {
    const broken = new Blob([seededBytes(3000, 9).slice()]);
    Object.defineProperty(broken, 'slice', {
      value: () => ({ arrayBuffer: () => Promise.reject(new Error('The file could not be read')) }),
    });
    const { port1, port2 } = new MessageChannel();
    const hashing = md5OfSlices(slicesFromPort(port2), broken.size);
    await pumpSlices(broken, port1);
    await expect(hashing).rejects.toThrow('The file could not be read');
  });
});
