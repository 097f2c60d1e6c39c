// Search providers behind one small interface: web search through any SearXNG-compatible JSON endpoint,
// academic search through the arXiv API. Each is off until its address is configured.
import type { SearchMode } from '../../../common/contract/index.js';
import { createArxivSearch } from './arxiv.js';
import type { SearchProvider } from './links.js';
import { createSearxngSearch } from './searxng.js';

export type { SearchProvider } from './links.js';

export interface SearchConfig {
  /** e.g. http://127.0.0.1:8888 (a SearXNG instance with the json format enabled). */
  searxngUrl: string | null;
  /** e.g. https://export.arxiv.org/api/query */
  arxivUrl: string | null;
  timeoutMs: number;
}

export function createSearchProviders(config: SearchConfig): Partial<Record<SearchMode, SearchProvider>> {
  return {
    ...(config.searxngUrl ? { web: createSearxngSearch(config.searxngUrl, config.timeoutMs) } : {}),
    ...(config.arxivUrl ? { academic: createArxivSearch(config.arxivUrl, config.timeoutMs) } : {}),
  };
}
