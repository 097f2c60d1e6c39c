import {
  PROMPT_PAGE_MAX,
  type PromptPage,
  PromptPaths,
  type RecentSearches,
  type UserPrompt,
} from '../../common/contract';
import { ApiError, type RequestOptions, request } from './http';

type Quiet = Pick<RequestOptions, 'suppressAlert' | 'signal'>;

/** The add is retried once when it fails for a reason other than a refusal. */
async function addWithOneRetry(
  body: { name: string; content: string; clientId?: string },
  options?: Quiet,
): Promise<UserPrompt> {
  try {
    return await request<UserPrompt>('POST', PromptPaths.add, { ...options, suppressAlert: true, body });
  } catch (error) {
    if (error instanceof ApiError && (error.refused || error.kind === 'cancelled')) throw error;
    // clientId makes the repeat safe: the server stores the prompt once.
    return request<UserPrompt>('POST', PromptPaths.add, { ...options, body });
  }
}

export const promptApi = {
  list: (start = 0, limit = PROMPT_PAGE_MAX, options?: Quiet) =>
    request<PromptPage>('GET', PromptPaths.list, { ...options, query: { start, limit } }),
  instance: (key: string, start = 0, limit = PROMPT_PAGE_MAX, options?: Quiet) =>
    request<PromptPage>('POST', PromptPaths.instance, { ...options, body: { start, limit, key } }),
  add: addWithOneRetry,
  update: (promptId: string, body: { name: string; content: string }, options?: Quiet) =>
    request<UserPrompt>('PUT', `${PromptPaths.item}/${encodeURIComponent(promptId)}`, { ...options, body }),
  remove: (promptId: string, options?: Quiet) =>
    request<boolean>('DELETE', `${PromptPaths.item}/${encodeURIComponent(promptId)}`, options),
  recentSearch: (key?: string, options?: Quiet) =>
    request<RecentSearches>('POST', PromptPaths.recentSearch, { ...options, body: key ? { key } : {} }),
};
