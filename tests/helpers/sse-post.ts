// POSTs to any SSE endpoint in Parley's stream format and collects meta, chunks, ids and done.
import type { Envelope, PresentationChunk, PresentationStreamMeta } from '../../common/contract';

export interface SsePostResult<C, M> {
  status: number;
  contentType: string;
  /** The response's headers (security headers included). */
  headers: Headers;
  meta: M | null;
  chunks: C[];
  ids: string[];
  done: { status: string } | null;
  json: Envelope<unknown> | null;
}

export async function ssePost<C, M>(
  url: string,
  token: string,
  body: unknown,
  options: { lastEventId?: number; stopAfterChunks?: number; headers?: Record<string, string> } = {},
): Promise<SsePostResult<C, M>> {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    Authorization: token,
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
    ...options.headers,
  };
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const result: SsePostResult<C, M> = {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    headers: response.headers,
    meta: null,
    chunks: [],
    ids: [],
    done: null,
    json: null,
  };
  if (!result.contentType.includes('text/event-stream')) {
    result.json = (await response.json()) as Envelope<unknown>;
    return result;
  }
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const raw = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        let event = 'message';
        let id: string | null = null;
        let data = '';
        for (const line of raw.split('\n')) {
          const [field, ...rest] = line.split(':');
          const value = rest.join(':').replace(/^ /, '');
          if (field === 'event') event = value;
          else if (field === 'id') id = value;
          else if (field === 'data') data += value;
        }
        if (event === 'meta') result.meta = JSON.parse(data) as M;
        else if (event === 'done') result.done = JSON.parse(data) as { status: string };
        else if (data) {
          result.chunks.push(...(JSON.parse(data) as C[]));
          if (id !== null) result.ids.push(id);
          if (options.stopAfterChunks !== undefined && result.chunks.length >= options.stopAfterChunks) {
            controller.abort();
            return result;
          }
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return result;
}

/** A presentation generation stream (POST /api/v1/presentation/generate). */
export function presentationStream(
  baseUrl: string,
  token: string,
  body: unknown,
  options: Parameters<typeof ssePost>[3] = {},
) {
  return ssePost<PresentationChunk, PresentationStreamMeta>(
    `${baseUrl}/api/v1/presentation/generate`,
    token,
    body,
    options,
  );
}
