// Academic search through the arXiv API: GET {base}?search_query=all:...&max_results=N answers an Atom feed
// whose entries carry the abstract page (id), title, summary, published date and a pdf link.
import type { SourceLink } from '../../../common/contract/index.js';
import { faviconOf, type SearchProvider } from './links.js';

const decode = (text: string) =>
  text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const tag = (xml: string, name: string) =>
  decode(new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '');

export function parseArxivFeed(xml: string): SourceLink[] {
  return xml
    .split(/<entry>/)
    .slice(1)
    .map((entry) => {
      const abs = tag(entry, 'id');
      const title = tag(entry, 'title');
      return {
        url: abs,
        title: title || abs,
        favicon: faviconOf(abs),
        source: 'arXiv',
        publishDate: tag(entry, 'published') || null,
        snippet: tag(entry, 'summary').slice(0, 600),
        isPdf: false,
      };
    })
    .filter((link) => /^https?:\/\//.test(link.url));
}

export function createArxivSearch(base: string, timeoutMs: number): SearchProvider {
  return {
    mode: 'academic',
    async search(query, { limit, signal }) {
      const url = new URL(base);
      const terms = query
        .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 12);
      url.searchParams.set('search_query', terms.map((t) => `all:${t}`).join(' AND ') || 'all:*');
      url.searchParams.set('start', '0');
      url.searchParams.set('max_results', String(limit));
      const response = await fetch(url, {
        headers: { Accept: 'application/atom+xml' },
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`academic search answered HTTP ${response.status}`);
      return parseArxivFeed(await response.text()).slice(0, limit);
    },
  };
}
