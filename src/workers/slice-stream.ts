// A file's 1 MiB slices as a stream, read ahead of the consumer. Used in one thread (readSlices) or across
// two workers joined by a MessagePort (pumpSlices -> slicesFromPort), so reading the file and hashing it run
// on different cores. The port protocol is credit-based: the reader never has more than `window` slices
// in flight, so a slow hasher cannot make the reader buffer the whole file in memory.
import { HASH_CHUNK_BYTES } from '../../common/contract/documents';

type SliceMessage = { slice: ArrayBuffer } | { done: true } | { error: string };

/** Slices of `blob`, in order, with up to `readAhead` reads already started. */
export async function* readSlices(
  blob: Blob,
  sliceBytes = HASH_CHUNK_BYTES,
  readAhead = 2,
): AsyncGenerator<Uint8Array> {
  const reads: Promise<ArrayBuffer>[] = [];
  let next = 0;
  const fill = () => {
    while (reads.length < readAhead && next < blob.size) {
      reads.push(blob.slice(next, Math.min(next + sliceBytes, blob.size)).arrayBuffer());
      next += sliceBytes;
    }
  };
  fill();
  while (reads.length > 0) {
    const slice = await (reads.shift() as Promise<ArrayBuffer>);
    fill();
    yield new Uint8Array(slice);
  }
}

/** Reader side: posts every slice (transferred, not copied) and waits for credit beyond `window` unacked. */
export async function pumpSlices(
  blob: Blob,
  port: MessagePort,
  { sliceBytes = HASH_CHUNK_BYTES, window = 8 } = {},
): Promise<void> {
  let unacked = 0;
  let credit: (() => void) | null = null;
  port.onmessage = () => {
    unacked -= 1;
    credit?.();
    credit = null;
  };
  try {
    for await (const slice of readSlices(blob, sliceBytes, 4)) {
      while (unacked >= window) await new Promise<void>((resolve) => (credit = resolve));
      unacked += 1;
      const message: SliceMessage = { slice: slice.buffer as ArrayBuffer };
      port.postMessage(message, [slice.buffer as ArrayBuffer]);
    }
    port.postMessage({ done: true } satisfies SliceMessage);
  } catch (error) {
    port.postMessage({
      error: error instanceof Error ? error.message : String(error),
    } satisfies SliceMessage);
  } finally {
    port.onmessage = null;
  }
}

/** Hasher side: the slices arriving on `port`, each acknowledged as it is taken. */
export async function* slicesFromPort(port: MessagePort): AsyncGenerator<Uint8Array> {
  const arrived: SliceMessage[] = [];
  let wake: (() => void) | null = null;
  port.onmessage = (event: MessageEvent<SliceMessage>) => {
    arrived.push(event.data);
    wake?.();
    wake = null;
  };
  port.start?.();
  try {
    for (;;) {
      if (arrived.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = arrived.shift() as SliceMessage;
      if ('done' in message) return;
      if ('error' in message) throw new Error(message.error);
      port.postMessage('ack');
      yield new Uint8Array(message.slice);
    }
  } finally {
    port.onmessage = null;
    port.close();
  }
}
