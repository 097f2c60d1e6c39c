// Saved prompts: a user's own prompt templates and recent searches.

export const PromptPaths = {
  list: '/api/v1/prompt/list',
  instance: '/api/v1/prompt/instance',
  add: '/api/v1/prompt/add',
  /** PUT and DELETE {item}/{promptId}. */
  item: '/api/v1/prompt',
  recentSearch: '/api/v1/prompt/recentSearch',
} as const;

export const PROMPT_NAME_MAX = 50;
export const PROMPT_CONTENT_MAX = 16000;
/** Saved prompts one user may keep by default (the operator's PROMPTS_PER_USER_MAX changes it). */
export const PROMPTS_PER_USER_MAX = 1000;
export const PROMPT_PAGE_MAX = 100;
export const PROMPT_RECENT_SEARCHES_MAX = 10;

/** A saved prompt as the server answers it. */
export interface UserPrompt {
  promptId: string;
  name: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface PromptPage {
  totalElements: number;
  content: UserPrompt[];
}

export interface RecentSearches {
  keys: string[];
}
