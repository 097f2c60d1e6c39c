// Streams a StreamRun (a chat answer or a presentation) as Server-Sent Events in the chat stream's format: `event: meta` first, then
// `id: <chunkId>` + `data: [chunk]`, then `event: done`. Last-Event-ID resumes after that chunk.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { Headers } from '../../common/contract/index.js';
import type { AppEnv } from './context.js';

/** What streamRun reads of a StreamRun: replay after a chunk id, then live. */
export interface StreamableRun<C extends { chunkId: number }, S extends string> {
  readonly meta: unknown;
  subscribe(afterChunkId: number, listener: { chunk(chunk: C): void; done(status: S): void }): () => void;
}

export function lastEventId(c: Context<AppEnv>): number {
  const value = Number.parseInt(c.req.header(Headers.lastEventId) ?? '', 10);
  return Number.isInteger(value) && value >= 0 ? value : -1;
}

export function streamRun<C extends { chunkId: number }, S extends string>(
  c: Context<AppEnv>,
  run: StreamableRun<C, S>,
) {
  const after = lastEventId(c);
  return streamSSE(c, async (stream) => {
    await stream.writeSSE({ event: 'meta', data: JSON.stringify(run.meta) });
    let wake: () => void = () => {};
    const queue: C[] = [];
    let finished: S | null = null;
    const unsubscribe = run.subscribe(after, {
      chunk: (chunk) => {
        queue.push(chunk);
        wake();
      },
      done: (status) => {
        finished = status;
        wake();
      },
    });
    stream.onAbort(() => {
      unsubscribe();
      wake();
    });
    while (!stream.aborted) {
      while (queue.length > 0 && !stream.aborted) {
        const chunk = queue.shift()!;
        await stream.writeSSE({ id: String(chunk.chunkId), data: JSON.stringify([chunk]) });
      }
      if (finished) {
        await stream.writeSSE({ event: 'done', data: JSON.stringify({ status: finished }) });
        break;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (queue.length > 0 || finished || stream.aborted) resolve();
      });
    }
    unsubscribe();
  });
}
