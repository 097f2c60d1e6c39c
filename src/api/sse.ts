// The chat stream. A send is idempotent by requestId, so on a dropped connection we simply POST again with
// Last-Event-ID (fetch-event-source sends the last id it saw) and the server continues the same answer.
import { type EventSourceMessage, fetchEventSource } from '@microsoft/fetch-event-source';
import {
  Headers,
  humanCheckedSendOf,
  Paths,
  ResponseCode,
  type SendRequest,
  type StreamChunk,
  type StreamDone,
  type StreamMeta,
} from '../../common/contract';
import { ApiError, apiHooks, react, readEnvelope, requestHeaders } from './http';
import { humanCheck } from './human-check';

export interface StreamHandlers<C, M, D> {
  meta(meta: M): void;
  chunk(chunk: C): void;
  done(done: D): void;
  /** The connection dropped and a reconnect is scheduled (attempt counts from 1). */
  reconnecting?(attempt: number): void;
}

export interface ChatStreamOptions {
  signal: AbortSignal;
  /** Resume after this chunk id (e.g. after a page reload); -1 or absent for the whole answer. */
  afterChunkId?: number;
  maxReconnects?: number;
  /** Headers of this send only (the human-check token). */
  extraHeaders?: Record<string, string>;
}

class FatalStreamError extends Error {
  constructor(readonly cause: ApiError) {
    super(cause.message);
  }
}
class RetriableStreamError extends Error {}

export const reconnectDelayMs = (attempt: number) => Math.min(500 * 2 ** Math.max(0, attempt - 1), 8000);

export type ChatStreamHandlers = StreamHandlers<StreamChunk, StreamMeta, StreamDone>;

/**
 * A chat or Ask AI send. A new answer carries the human-check token when the user is asked for one; a
 * resume (afterChunkId) does not, since the server checks only before starting an answer. Refused with
 * 60001 all the same (a token expired, Turnstile), it solves the check with the dialog and sends once more.
 */
export async function streamChat(
  body: SendRequest,
  handlers: ChatStreamHandlers,
  options: ChatStreamOptions,
) {
  const send = humanCheckedSendOf(body);
  const resuming = (options.afterChunkId ?? -1) >= 0;
  const extraHeaders = resuming ? {} : await humanCheck.headersFor(send, options.signal);
  try {
    return await streamEvents(Paths.send, body, handlers, { ...options, extraHeaders });
  } catch (error) {
    const solve = apiHooks().captchaToken;
    if (!(error instanceof ApiError && error.code === ResponseCode.HumanVerificationFailed && solve))
      throw error;
    // Closing the dialog refuses the send with the server's own 60001 message (shown here, since 60001 is
    // otherwise silent); the chat puts the question back in the composer.
    const token = await solve().catch(() => {
      apiHooks().onErrorToast(error.message);
      throw error;
    });
    return streamEvents(Paths.send, body, handlers, {
      ...options,
      extraHeaders: { [Headers.captchaToken]: token },
    });
  }
}

/** POSTs to any of Parley's SSE endpoints (meta, chunks with ids, done) with the same resume rules. */
export async function streamEvents<C extends { chunkId: number }, M, D>(
  path: string,
  body: unknown,
  handlers: StreamHandlers<C, M, D>,
  options: ChatStreamOptions,
): Promise<void> {
  let lastChunkId = options.afterChunkId ?? -1;
  let finished = false;
  let attempts = 0;
  const maxReconnects = options.maxReconnects ?? 60;
  const headers = requestHeaders({ extraHeaders: options.extraHeaders });
  headers['Content-Type'] = 'application/json';
  headers.Accept = 'text/event-stream';
  if (lastChunkId >= 0) headers[Headers.lastEventId] = String(lastChunkId);

  const onMessage = (message: EventSourceMessage) => {
    if (message.event === 'meta') return handlers.meta(JSON.parse(message.data) as M);
    if (message.event === 'done') {
      finished = true;
      return handlers.done(JSON.parse(message.data) as D);
    }
    if (!message.data) return;
    for (const chunk of JSON.parse(message.data) as C[]) {
      // A repeated chunkId (a replay overlapping what we hold) is ignored.
      if (chunk.chunkId <= lastChunkId) continue;
      lastChunkId = chunk.chunkId;
      attempts = 0;
      handlers.chunk(chunk);
    }
  };

  try {
    await fetchEventSource(new URL(path, location.origin).toString(), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
      openWhenHidden: true,
      async onopen(response) {
        const type = response.headers.get('content-type') ?? '';
        if (response.status === 200 && type.includes('text/event-stream')) return;
        const envelope = await readEnvelope(response);
        const error = envelope
          ? new ApiError('envelope', envelope.msg, envelope.code, response.status, envelope)
          : new ApiError('http', response.statusText || `HTTP ${response.status}`, null, response.status);
        if (response.status >= 500 && !envelope) throw new RetriableStreamError(error.message);
        throw new FatalStreamError(error);
      },
      onmessage: onMessage,
      onclose() {
        // The server closes only after `done`; any other close is a drop to recover from.
        if (!finished) throw new RetriableStreamError('stream closed early');
      },
      onerror(error) {
        if (error instanceof FatalStreamError) throw error;
        if (options.signal.aborted) throw error;
        attempts += 1;
        if (attempts > maxReconnects) throw new FatalStreamError(new ApiError('network', 'Connection lost'));
        handlers.reconnecting?.(attempts);
        return reconnectDelayMs(attempts);
      },
    });
  } catch (error) {
    if (options.signal.aborted) throw new ApiError('cancelled', 'cancelled');
    if (error instanceof FatalStreamError) {
      throw react(error.cause, { suppressAlert: true, sentToken: headers[Headers.authorization] ?? null });
    }
    throw react(new ApiError('network', error instanceof Error ? error.message : 'Stream failed'), {
      suppressAlert: true,
    });
  }
}
