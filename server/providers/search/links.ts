// The search providers' shared shape and link helpers.
import type { SearchMode, SourceLink } from '../../../common/contract/index.js';

export interface SearchProvider {
  readonly mode: SearchMode;
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<SourceLink[]>;
}

export function faviconOf(url: string): string {
  try {
    return new URL('/favicon.ico', url).toString();
  } catch {
    return '';
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

export const isPdfUrl = (url: string) => /\.pdf(?:[?#].*)?$/i.test(url) || /arxiv\.org\/pdf\//i.test(url);
