// Client calls of document chat (paths and types from contract-documents.ts).
import {
  type AnswerSource,
  type ChannelDetail,
  type ChannelSummary,
  type CreateNewChatRequest,
  type DocChatCreated,
  type DocChatCreateRequest,
  type DocumentPages,
  DocumentPaths,
  type LinkSource,
  Paths,
  type SearchStatus,
} from '../../common/contract';
import { ApiError, readEnvelope, request, requestHeaders } from './http';

export const docsApi = {
  createDocChat: (body: DocChatCreateRequest) =>
    request<DocChatCreated>('POST', DocumentPaths.createDocChat, { body, suppressAlert: true }),
  createNewChat: (body: CreateNewChatRequest) =>
    request<ChannelSummary>('POST', DocumentPaths.createNewChat, { body }),
  pages: (md5: string, signal?: AbortSignal) =>
    request<DocumentPages>('GET', DocumentPaths.documentPages, {
      query: { md5 },
      signal,
      suppressAlert: true,
    }),
  sources: (channelId: string, signal?: AbortSignal) =>
    request<AnswerSource[]>('GET', DocumentPaths.answerSources, {
      query: { channelId },
      signal,
      suppressAlert: true,
    }),
  linkSources: (channelId: string, signal?: AbortSignal) =>
    request<LinkSource[]>('GET', DocumentPaths.linkSources, {
      query: { channelId },
      signal,
      suppressAlert: true,
    }),
  searchStatus: () => request<SearchStatus>('GET', DocumentPaths.searchStatus, { suppressAlert: true }),

  /** The original file's bytes (the pdf view); the call carries the usual auth headers. */
  async fileBytes(md5: string, signal?: AbortSignal): Promise<ArrayBuffer> {
    const url = new URL(DocumentPaths.documentFile, location.origin);
    url.searchParams.set('md5', md5);
    const response = await fetch(url, { headers: requestHeaders(), credentials: 'include', signal });
    if (response.ok && !response.headers.get('content-type')?.includes('json')) return response.arrayBuffer();
    const envelope = await readEnvelope(response);
    throw new ApiError(
      'envelope',
      envelope?.msg ?? response.statusText,
      envelope?.code ?? null,
      response.status,
    );
  },
};
