// Outbound HTTP for addresses a user typed (link titles, web pages): only public unicast addresses, checked
// on the address actually connected to (so DNS rebinding cannot slip through), again on every redirect,
// with a time and a size limit. Self-hosters may name intranet hosts in OUTBOUND_ALLOW_HOSTS.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type SafeFetchRefusal = 'scheme' | 'address' | 'redirects' | 'size' | 'timeout' | 'network' | 'status';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** host or host:port reachable even when private (the operator's own intranet). */
  allowHosts?: readonly string[];
  accept?: string;
}

export interface SafeResponse {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** The body was cut at maxBytes. */
  truncated: boolean;
}

/** Only ordinary public unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const stripBrackets = (host: string) => host.replace(/^\[|\]$/g, '');

function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const host = stripBrackets(url.hostname).toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.some((entry) => {
    const value = entry.trim().toLowerCase();
    return value === host || value === `${host}:${port}` || value === `[${host}]:${port}`;
  });
}

/** A lookup that answers only public addresses, used for the very connection that is made. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family as number | undefined }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) {
      const denied = new SafeFetchError(
        'address',
        `refused address ${refused?.address ?? 'none'} for ${hostname}`,
      );
      return callback(denied as NodeJS.ErrnoException, '', 4);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

function requestOnce(
  url: URL,
  options: Required<Omit<SafeFetchOptions, 'allowHosts'>>,
  allowed: boolean,
  signal: AbortSignal,
) {
  return new Promise<SafeResponse & { location: string | null }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: {
          Accept: options.accept,
          'User-Agent': 'Parley/1 (+link preview)',
          'Accept-Encoding': 'identity',
        },
        lookup: allowed ? undefined : guardedLookup,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = status >= 300 && status < 400 ? (response.headers.location ?? null) : null;
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        if (location) {
          response.resume();
          return resolve({
            url: url.toString(),
            status,
            contentType: '',
            body: Buffer.alloc(0),
            truncated,
            location,
          });
        }
        response.on('data', (chunk: Buffer) => {
          if (truncated) return;
          size += chunk.length;
          if (size > options.maxBytes) {
            truncated = true;
            chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
            response.destroy();
            resolve(finish());
            return;
          }
          chunks.push(chunk);
        });
        const finish = () => ({
          url: url.toString(),
          status,
          contentType: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks),
          truncated,
          location: null,
        });
        response.on('end', () => resolve(finish()));
        response.on('error', (error) => (truncated ? undefined : reject(error)));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** GET a user-supplied http(s) URL under the guard; throws SafeFetchError with the reason it refused. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const settings = {
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  };
  const allowHosts = options.allowHosts ?? [];
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SafeFetchError('scheme', 'not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new SafeFetchError('scheme', `scheme ${url.protocol} refused`);
    if (url.username || url.password) throw new SafeFetchError('scheme', 'credentials in URL refused');
    const allowed = isAllowedHost(url, allowHosts);
    const host = stripBrackets(url.hostname);
    // Literal addresses never go through a lookup, so they are judged here.
    if (!allowed && ipaddr.isValid(host) && !isPublicAddress(host))
      throw new SafeFetchError('address', `refused address ${host}`);
    let response: Awaited<ReturnType<typeof requestOnce>>;
    try {
      response = await requestOnce(url, settings, allowed, signal);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchError) throw cause;
      if (signal.aborted) throw new SafeFetchError('timeout', `no answer within ${settings.timeoutMs} ms`);
      throw new SafeFetchError('network', error instanceof Error ? error.message : String(error));
    }
    if (!response.location) {
      const { location: _none, ...rest } = response;
      return rest;
    }
    if (hop >= settings.maxRedirects) throw new SafeFetchError('redirects', 'too many redirects');
    url = new URL(response.location, url);
  }
}
