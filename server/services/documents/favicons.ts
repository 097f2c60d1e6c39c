// Source favicons through this server: the browser never contacts the sites of an answer's sources (their
// owners do not learn who read about them), each icon is fetched at most once a day under the outbound guard
// with a 5-second limit, and only raster images are passed on (an SVG could carry script).
import { LRUCache } from 'lru-cache';
import { type SafeResponse, safeFetch } from '../../net/safe-fetch.js';

export const FAVICON_TIMEOUT_MS = 5000;
const MAX_BYTES = 64 * 1024;
const CACHE_ENTRIES = 1000;
const DAY_MS = 86_400_000;

export interface Favicon {
  type: string;
  body: Buffer;
}

/** The image type told by its first bytes; null for anything else (svg, html, text). */
export function rasterTypeOf(body: Buffer): string | null {
  if (body.length < 4) return null;
  if (body[0] === 0 && body[1] === 0 && body[2] === 1 && body[3] === 0) return 'image/x-icon';
  if (body[0] === 0x89 && body.subarray(1, 4).toString('latin1') === 'PNG') return 'image/png';
  if (body.subarray(0, 3).toString('latin1') === 'GIF') return 'image/gif';
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg';
  if (body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

/** The site's origin (http or https, no user, path or query); null for anything else. */
export function faviconOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.origin;
}

export function createFaviconService(options: {
  allowHosts: readonly string[];
  fetch?: (url: string) => Promise<SafeResponse>;
}) {
  const fetchIcon =
    options.fetch ??
    ((url: string) =>
      safeFetch(url, {
        allowHosts: options.allowHosts,
        timeoutMs: FAVICON_TIMEOUT_MS,
        maxBytes: MAX_BYTES,
        maxRedirects: 3,
        accept: 'image/*',
      }));
  // Misses are remembered too (a site without an icon is not asked again on every answer).
  const cache = new LRUCache<string, Favicon | 'none'>({ max: CACHE_ENTRIES, ttl: DAY_MS });
  const inFlight = new Map<string, Promise<Favicon | null>>();

  async function load(origin: string): Promise<Favicon | null> {
    try {
      const response = await fetchIcon(`${origin}/favicon.ico`);
      if (response.status < 200 || response.status >= 300 || response.truncated) return null;
      const type = rasterTypeOf(response.body);
      return type ? { type, body: response.body } : null;
    } catch {
      return null;
    }
  }

  return {
    /** The icon of a site named by its origin (see faviconOrigin); one fetch per origin at a time. */
    async get(origin: string): Promise<Favicon | null> {
      const held = cache.get(origin);
      if (held) return held === 'none' ? null : held;
      let pending = inFlight.get(origin);
      if (!pending) {
        pending = load(origin).finally(() => inFlight.delete(origin));
        inFlight.set(origin, pending);
      }
      const icon = await pending;
      cache.set(origin, icon ?? 'none');
      return icon;
    },
  };
}
export type FaviconService = ReturnType<typeof createFaviconService>;
