// Client calls of the creation area: presentations (generate streams over SSE, like chat).
import {
  type Flowchart,
  FlowchartPaths,
  type GeneratedImageItem,
  type GeneratePresentationRequest,
  ImagePaths,
  type ImageStatus,
  type Presentation,
  type PresentationChunk,
  PresentationPaths,
  type PresentationStreamDone,
  type PresentationStreamMeta,
  type PresentationSummary,
  type UpdateOutlineRequest,
} from '../../common/contract';
import {
  ApiError,
  type RequestOptions,
  react,
  readEnvelope,
  request,
  requestBlob,
  requestHeaders,
} from './http';
import { type ChatStreamOptions, type StreamHandlers, streamEvents } from './sse';

type Quiet = Pick<RequestOptions, 'suppressAlert' | 'signal'>;

export const presentationApi = {
  list: (options?: Quiet) => request<PresentationSummary[]>('GET', PresentationPaths.list, options),
  get: (presentationId: string, options?: Quiet) =>
    request<Presentation>('GET', PresentationPaths.get, { ...options, query: { presentationId } }),
  stop: (presentationId: string, options?: Quiet) =>
    request<boolean>('POST', PresentationPaths.stop, { ...options, body: { presentationId } }),
  updateOutline: (body: UpdateOutlineRequest, options?: Quiet) =>
    request<Presentation>('POST', PresentationPaths.updateOutline, { ...options, body }),
  remove: (presentationId: string, options?: Quiet) =>
    request<boolean>('POST', PresentationPaths.delete, { ...options, body: { presentationId } }),
  generate: (
    body: GeneratePresentationRequest,
    handlers: StreamHandlers<PresentationChunk, PresentationStreamMeta, PresentationStreamDone>,
    options: ChatStreamOptions,
  ) => streamEvents(PresentationPaths.generate, body, handlers, options),

  /** The .pptx as a Blob (the call needs the Authorization header, so no plain link). */
  async exportPptx(presentationId: string): Promise<{ blob: Blob; fileName: string }> {
    const url = new URL(PresentationPaths.exportPptx, location.origin);
    url.searchParams.set('presentationId', presentationId);
    let response: Response;
    try {
      response = await fetch(url, { headers: requestHeaders(), credentials: 'include' });
    } catch (cause) {
      throw react(new ApiError('network', cause instanceof Error ? cause.message : 'Network error'));
    }
    if (!response.ok) {
      const envelope = await readEnvelope(response);
      throw react(
        envelope
          ? new ApiError('envelope', envelope.msg, envelope.code, response.status, envelope)
          : new ApiError('http', response.statusText || `HTTP ${response.status}`, null, response.status),
      );
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    return {
      blob: await response.blob(),
      fileName: encoded ? decodeURIComponent(encoded) : 'presentation.pptx',
    };
  },
};

export const flowchartApi = {
  generate: (prompt: string, options?: Quiet) =>
    request<Flowchart>('POST', FlowchartPaths.generate, { ...options, body: { prompt } }),
};

export const imageApi = {
  status: (options?: Quiet) => request<ImageStatus>('GET', ImagePaths.status, options),
  generate: (prompt: string, options?: Quiet) =>
    request<GeneratedImageItem>('POST', ImagePaths.generate, { ...options, body: { prompt } }),
  list: (options?: Quiet) => request<GeneratedImageItem[]>('GET', ImagePaths.list, options),
  remove: (imageId: string, options?: Quiet) =>
    request<boolean>('POST', ImagePaths.delete, { ...options, body: { imageId } }),

  /** The picture as a Blob: the call needs the owner's Authorization header, so no plain <img src>. */
  blob: (imageId: string, signal?: AbortSignal) =>
    requestBlob(`${ImagePaths.file}?imageId=${encodeURIComponent(imageId)}`, signal),
};
