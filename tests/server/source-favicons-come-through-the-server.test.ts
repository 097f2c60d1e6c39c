// Source favicons are fetched by the server, once per site, and only raster images are passed on.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPaths, faviconPath } from '../../common/contract';
import { startTestServer, type TestServer } from '../helpers/server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function startSite(icon: { type: string; body: Buffer | string }) {
  const hits: string[] = [];
  const site = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/favicon.ico') response.writeHead(200, { 'content-type': icon.type }).end(icon.body);
    else response.writeHead(404).end();
  });
  return new Promise<{ origin: string; hits: string[]; close(): void }>((resolve) =>
    site.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
        hits,
        close: () => site.close(),
      }),
    ),
  );
}

describe('source favicons', () => {
  let server: TestServer;
  let pngSite: Awaited<ReturnType<typeof startSite>>;
  let svgSite: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    pngSite = await startSite({ type: 'image/x-icon', body: PNG });
    svgSite = await startSite({
      type: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    });
    // The sites run on this machine, a private address: allowed explicitly, as an operator would.
    server = await startTestServer('pglite', { outboundAllowHosts: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await server.close();
    pngSite.close();
    svgSite.close();
  });

  const icon = (path: string) => fetch(`${server.url}${path}`);

  it('answers the site icon as the image it is, fetched once however often it is shown', async () => {
    const path = faviconPath(`${pngSite.origin}/articles/bees?x=1`);
    expect(path).toBe(`${DocumentPaths.favicon}?origin=${encodeURIComponent(pngSite.origin)}`);
    const first = await icon(path!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toContain('max-age');
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PNG);
    const again = await Promise.all([icon(path!), icon(path!), icon(path!)]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(pngSite.hits).toEqual(['/favicon.ico']);
  });

  it('passes on no svg (it could carry script) and nothing for addresses that are not a web origin', async () => {
    const svg = await icon(faviconPath(`${svgSite.origin}/page`)!);
    expect(svg.status).toBe(404);
    expect(svg.headers.get('content-type')).not.toContain('svg');
    for (const origin of [
      'javascript:alert(1)',
      `http://user:pw@127.0.0.1:1`,
      'file:///etc/passwd',
      'nonsense',
    ]) {
      const response = await icon(`${DocumentPaths.favicon}?origin=${encodeURIComponent(origin)}`);
      expect(response.status, origin).toBe(404);
    }
    // A cloud metadata address is never contacted (the outbound guard), so there is no icon.
    const metadata = await icon(
      `${DocumentPaths.favicon}?origin=${encodeURIComponent('http://169.254.169.254')}`,
    );
    expect(metadata.status).toBe(404);
  });
});
