// Web search through a SearXNG-compatible endpoint: GET {base}/search?q=...&format=json answers
// { results: [{ url, title, content, publishedDate?, engine? }] }.
import type { SourceLink } from '../../../common/contract/index.js';
import { faviconOf, hostOf, isPdfUrl, type SearchProvider } from './links.js';

interface SearxngResult {
  url?: string;
  title?: string;
  content?: string;
  publishedDate?: string | null;
  pubdate?: string | null;
}

export function createSearxngSearch(base: string, timeoutMs: number): SearchProvider {
  return {
    mode: 'web',
    async search(query, { limit, signal }) {
      const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`web search answered HTTP ${response.status}`);
      const body = (await response.json()) as { results?: SearxngResult[] };
      const seen = new Set<string>();
      const links: SourceLink[] = [];
      for (const result of body.results ?? []) {
        if (!result.url || !/^https?:\/\//i.test(result.url) || seen.has(result.url)) continue;
        seen.add(result.url);
        links.push({
          url: result.url,
          title: (result.title ?? result.url).slice(0, 300),
          favicon: faviconOf(result.url),
          source: hostOf(result.url),
          publishDate: result.publishedDate ?? result.pubdate ?? null,
          snippet: (result.content ?? '').slice(0, 600),
          isPdf: isPdfUrl(result.url),
        });
        if (links.length >= limit) break;
      }
      return links;
    },
  };
}
