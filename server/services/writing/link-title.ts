// The title of a pasted link's page, fetched under the outbound guard (see net/safe-fetch.ts).
import { ResponseCode } from '../../../common/contract/index.js';
import { clipText } from '../../../common/text.js';
import { AppError, badRequest } from '../../errors.js';
import { SafeFetchError, safeFetch } from '../../net/safe-fetch.js';

const TITLE_MAX = 300;

function charsetOf(contentType: string, head: string): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const fromMeta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  return (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
}

// linkedom is loaded at the first pasted link, not at start (it is about 25 MiB of the server's memory).
export async function titleFromHtml(html: string): Promise<string> {
  const { parseHTML } = await import('linkedom');
  const { document } = parseHTML(html);
  const og = document.querySelector('meta[property="og:title"]')?.getAttribute('content');
  const title = document.querySelector('title')?.textContent || og || '';
  return clipText(title.replace(/\s+/g, ' ').trim(), TITLE_MAX);
}

export function createLinkTitleService(options: { allowHosts: readonly string[]; timeoutMs: number }) {
  return {
    async extract(rawUrl: string): Promise<string> {
      let url: URL;
      try {
        url = new URL(rawUrl.trim());
      } catch {
        throw badRequest('writing.urlInvalid');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('writing.urlInvalid');
      try {
        const response = await safeFetch(url.toString(), {
          allowHosts: options.allowHosts,
          timeoutMs: options.timeoutMs,
          maxBytes: 512 * 1024,
        });
        if (response.status < 200 || response.status >= 300)
          throw new SafeFetchError('status', `HTTP ${response.status}`);
        if (!/html/i.test(response.contentType)) throw new SafeFetchError('status', 'not a web page');
        const head = response.body.subarray(0, 2048).toString('latin1');
        let decoder: TextDecoder;
        try {
          decoder = new TextDecoder(charsetOf(response.contentType, head));
        } catch {
          decoder = new TextDecoder('utf-8');
        }
        const title = await titleFromHtml(decoder.decode(response.body));
        if (!title) throw new SafeFetchError('status', 'no title');
        return title;
      } catch (error) {
        if (error instanceof SafeFetchError && (error.reason === 'address' || error.reason === 'scheme'))
          throw new AppError(ResponseCode.UrlParseError, 'writing.urlRefused', { httpStatus: 400 });
        if (error instanceof SafeFetchError)
          throw new AppError(ResponseCode.UrlParseError, 'writing.titleNotFound', { httpStatus: 200 });
        throw error;
      }
    },
  };
}
