import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  Headers,
  type MessageStatus,
  Paths,
  type StreamChunk,
  type StreamDone,
} from '../../src/api/contract.js';
import { FeedbackRequest, SendRequest, StopRequest } from '../../src/api/schemas.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';

/** Last-Event-ID is the last chunkId the client holds; -1 means "from the start". */
function lastChunkId(raw: string | undefined): number {
  const value = Number.parseInt(raw ?? '', 10);
  return Number.isInteger(value) && value >= 0 ? value : -1;
}

export const chatRoutes = new Hono<AppEnv>()
  .post(Paths.send, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, SendRequest);
    const { chat } = c.get('services');
    // Errors before the stream opens answer as a JSON envelope; the client checks the content type.
    const run = await chat.start(caller, request, c.get('info').language);
    const after = lastChunkId(c.req.header(Headers.lastEventId));

    return streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'meta', data: JSON.stringify(run.meta) });
      let wake: () => void = () => {};
      const queue: StreamChunk[] = [];
      let finished: MessageStatus | null = null;
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
          const done: StreamDone = { status: finished };
          await stream.writeSSE({ event: 'done', data: JSON.stringify(done) });
          break;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (queue.length > 0 || finished || stream.aborted) resolve();
        });
      }
      unsubscribe();
    });
  })
  .post(Paths.stop, async (c) => {
    const caller = requireCaller(c);
    const { requestId } = await readJson(c, StopRequest);
    await c.get('services').chat.stop(caller, requestId);
    return ok(c, true);
  })
  .post(Paths.feedback, async (c) => {
    const caller = requireCaller(c);
    const { messageId, type } = await readJson(c, FeedbackRequest);
    return ok(c, await c.get('services').chat.feedback(caller, messageId, type));
  });
