// Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, LM Studio ...), streamed.
import http from 'node:http';
import https from 'node:https';
import { createParser } from 'eventsource-parser';
import type OpenAI from 'openai';
import type { ModelMapping } from '../../config.js';
import type { AiProvider, CompletionRequest } from './provider.js';

export function createOpenAiCompatibleProvider(options: {
  baseUrl: string;
  apiKey: string;
  modelMap: ModelMapping;
  timeoutMs: number;
  embeddingModel?: string | null;
}): AiProvider {
  // The SDK is loaded with the first request, not at start (the server's idle memory stays small).
  let client: Promise<OpenAI> | null = null;
  const sdk = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          baseURL: options.baseUrl,
          apiKey: options.apiKey || 'not-needed',
          timeout: options.timeoutMs,
          maxRetries: 1,
        }),
    ));
  const providerModel = (model: string) => options.modelMap[model] ?? options.modelMap.Standard ?? model;
  const completions = completionsEndpoint(options);

  const embeddingModel = options.embeddingModel;
  return {
    offline: false,
    ...(embeddingModel
      ? {
          async embed(texts: string[], signal?: AbortSignal) {
            const result = await (await sdk()).embeddings.create(
              { model: embeddingModel, input: texts },
              { signal },
            );
            return [...result.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
          },
        }
      : {}),
    async *stream(request: CompletionRequest) {
      const body = JSON.stringify({
        model: providerModel(request.model),
        messages: request.prefix
          ? [...request.messages, { role: 'assistant' as const, content: request.prefix }]
          : request.messages,
        stream: true,
      });
      const response = await completions.post(body, request.signal);
      // Pieces are read off the socket as they come; the whole answer is never held here.
      const pieces: string[] = [];
      let failure: Error | null = null;
      let finished = false;
      const parser = createParser({
        maxBufferSize: MAX_EVENT_CHARS,
        onEvent: (event) => {
          if (finished || failure) return;
          if (event.data === '[DONE]') {
            finished = true;
            return;
          }
          let chunk: StreamChunk;
          try {
            chunk = JSON.parse(event.data);
          } catch {
            failure = new Error(`the provider sent an event that is not JSON: ${event.data.slice(0, 200)}`);
            return;
          }
          if (event.event === 'error' || chunk.error)
            failure = new Error(
              chunk.error?.message ?? `the provider sent an error: ${event.data.slice(0, 200)}`,
            );
          else {
            const piece = chunk.choices?.[0]?.delta?.content;
            if (piece) pieces.push(piece);
          }
        },
        onError: (error) => {
          failure ??= error;
        },
      });
      try {
        response.setEncoding('utf8');
        for await (const text of response) {
          parser.feed(text as string);
          for (const piece of pieces) yield piece;
          pieces.length = 0;
          if (failure) throw failure;
        }
        if (!response.complete) throw new Error('the provider closed the connection mid-answer');
      } finally {
        // Let go of the request unless it was read to its end (then its connection is kept for the next).
        if (!response.complete) response.destroy();
      }
    },
  };
}

/** The most one event of the provider's stream may hold (a chunk's JSON), so a stray stream cannot grow memory. */
const MAX_EVENT_CHARS = 1024 * 1024;
/** The most of an error answer's body read for its message. */
const MAX_ERROR_BYTES = 64 * 1024;

interface StreamChunk {
  choices?: { delta?: { content?: string | null } }[];
  error?: { message?: string };
}

/**
 * POSTs of the chat stream over Node's own HTTP client with a pool of kept connections. The OpenAI SDK did
 * this through `fetch` and web streams: at 400 streams its request and stream objects took a seventh of the
 * event loop and much of its garbage. Failures read as the SDK's did (`<status> <provider's message>`), and a
 * refused connection, a timeout before the answer starts, a 408, 409, 429 or 5xx are tried once more, as the
 * SDK did (maxRetries 1).
 */
function completionsEndpoint(options: { baseUrl: string; apiKey: string; timeoutMs: number }) {
  const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const client = url.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const headers = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    authorization: `Bearer ${options.apiKey || 'not-needed'}`,
  };

  function once(body: string, signal: AbortSignal): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const request = client.request(url, { method: 'POST', agent, headers, signal });
      // Until the answer starts: after that, the chat's own idle limit (AI_TIMEOUT_MS) applies.
      const timer = setTimeout(
        () => request.destroy(Object.assign(new Error('Request timed out.'), { retry: true })),
        options.timeoutMs,
      );
      request.once('response', (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(signal.aborted ? error : Object.assign(error, { retry: true }));
      });
      request.end(body);
    });
  }

  async function failureOf(response: http.IncomingMessage): Promise<Error & { retryAfterMs?: number }> {
    let text = '';
    response.setEncoding('utf8');
    for await (const part of response) {
      text += part;
      if (text.length > MAX_ERROR_BYTES) {
        response.destroy();
        break;
      }
    }
    let message: string | undefined;
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
      message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    } catch {
      message = text.trim().slice(0, 500) || undefined;
    }
    return new Error(`${response.statusCode} ${message ?? 'status code (no body)'}`);
  }

  const retryable = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;
  /** The provider's retry-after (within a minute), else half a second and some. */
  const retryDelay = (response: http.IncomingMessage | null) => {
    const ms = Number(response?.headers['retry-after-ms']);
    if (ms >= 0 && ms < 60_000) return ms;
    const seconds = Number(response?.headers['retry-after']);
    if (seconds >= 0 && seconds < 60) return seconds * 1000;
    return 500 * (1 - Math.random() * 0.25);
  };
  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });

  return {
    async post(body: string, signal: AbortSignal): Promise<http.IncomingMessage> {
      for (let attempt = 0; ; attempt++) {
        let response: http.IncomingMessage;
        try {
          response = await once(body, signal);
        } catch (error) {
          if (attempt > 0 || !(error as { retry?: boolean }).retry) throw error;
          await wait(retryDelay(null), signal);
          continue;
        }
        const status = response.statusCode ?? 0;
        if (status < 400) return response;
        if (attempt === 0 && retryable(status)) {
          response.resume();
          await wait(retryDelay(response), signal);
          continue;
        }
        throw await failureOf(response);
      }
    },
  };
}
