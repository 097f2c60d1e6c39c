// Streams a StreamRun (a chat answer or a presentation) as Server-Sent Events in the chat stream's format: `event: meta` first, then
// `id: <chunkId>` + `data: [chunk]`, then `event: done`. Last-Event-ID resumes after that chunk.
import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, MiddlewareHandler } from 'hono';
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

/** An event of the stream as Hono's writeSSE words it (the data is JSON: one line). */
const event = (name: string, data: string) => `event: ${name}\ndata: ${data}\n\n`;
const chunkEvent = (chunk: { chunkId: number }) =>
  `data: ${JSON.stringify([chunk])}\nid: ${chunk.chunkId}\n\n`;

/** Where streamRun leaves the stream it writes to the socket itself, for directStreams to start. */
const DIRECT = new WeakMap<Context, (status: number, headers: globalThis.Headers) => void>();

/**
 * The outermost middleware: a stream that streamRun writes to Node's response itself starts here, once every
 * other middleware has set its headers on the response (the security headers), and Hono's Node adapter is
 * told it has been sent.
 */
export function directStreams(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const start = DIRECT.get(c);
    if (!start) return;
    DIRECT.delete(c);
    start(c.res.status, c.res.headers);
    // Unset first, so Hono does not copy the stream's headers into the shared "already sent" response.
    c.res = undefined as unknown as Response;
    c.res = RESPONSE_ALREADY_SENT;
  };
}

export function streamRun<C extends { chunkId: number }, S extends string>(
  c: Context<AppEnv>,
  run: StreamableRun<C, S>,
) {
  const after = lastEventId(c);
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse) {
    // Each chunk goes to the socket as one write: Hono's streamSSE passed it through a TransformStream, its
    // writer and the adapter's reader, some promises and objects per chunk per stream (at 400 streams about a
    // tenth of the event loop, and much of its garbage).
    DIRECT.set(c, (status, headers) => {
      const head: Record<string, string | string[]> = {};
      headers.forEach((value, name) => {
        head[name] = value;
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) head['set-cookie'] = cookies;
      outgoing.writeHead(status, head);
      outgoing.write(event('meta', JSON.stringify(run.meta)));
      let closed = false;
      const unsubscribe = run.subscribe(after, {
        chunk: (chunk) => {
          if (!closed) outgoing.write(chunkEvent(chunk));
        },
        done: (status) => {
          if (closed) return;
          closed = true;
          outgoing.end(event('done', JSON.stringify({ status })));
        },
      });
      // The client went away (or the answer ended): it is sent nothing more.
      outgoing.once('close', () => {
        closed = true;
        unsubscribe();
      });
    });
    return c.body(null, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
  }
  // Elsewhere than Node's HTTP server (no socket to write to): through Hono's web stream.
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
