import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractTitleResponse } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

/** A real web site on 127.0.0.1: a titled page, a redirect to a second local server, and a huge page. */
async function startSite(redirectTarget: () => string) {
  let hits = 0;
  const server = http.createServer((req, res) => {
    hits += 1;
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>  Quarterly   report — Café </title></head><body>hi</body></html>');
    } else if (req.url === '/redirect-private') {
      res.writeHead(302, { location: redirectTarget() });
      res.end();
    } else if (req.url === '/redirect-ok') {
      res.writeHead(301, { location: '/page' });
      res.end();
    } else if (req.url === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(10));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits: () => hits };
}

describe.each(DATABASES)('extractTitle on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let allowed: Awaited<ReturnType<typeof startSite>>;
  let internal: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    internal = await startSite(() => '/');
    allowed = await startSite(() => `http://127.0.0.1:${internal.port}/page`);
    // Only the first site is named as an operator's intranet host; the second stays private.
    server = await startTestServer(kind, { outboundAllowHosts: [`127.0.0.1:${allowed.port}`] });
    token = await newGuest(server.url);
  });
  afterAll(async () => {
    await server.close();
    allowed.server.close();
    internal.server.close();
  });

  const extract = (url: string) =>
    call<ExtractTitleResponse>(
      server.url,
      'GET',
      `/api/v1/writing/extractTitle?url=${encodeURIComponent(url)}`,
      {
        token,
      },
    );

  it('answers the page title of a reachable page, following a redirect on the same host', async () => {
    const direct = await extract(`http://127.0.0.1:${allowed.port}/page`);
    expect(direct.body.data.title).toBe('Quarterly report — Café');
    const redirected = await extract(`http://127.0.0.1:${allowed.port}/redirect-ok`);
    expect(redirected.body.data.title).toBe('Quarterly report — Café');
  });

  it('refuses loopback, private, link-local, metadata and IPv6 local addresses without connecting', async () => {
    const before = internal.hits();
    for (const url of [
      `http://127.0.0.1:${internal.port}/page`,
      `http://localhost:${internal.port}/page`,
      `http://[::1]:${internal.port}/page`,
      `http://[::ffff:127.0.0.1]:${internal.port}/page`,
      `http://2130706433:${internal.port}/page`,
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.100.100.200/',
      'http://0.0.0.0/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ]) {
      const refused = await extract(url);
      expect(refused.body.code, url).toBe(1005);
      expect(refused.body.msg, url).toBe(
        'This link points to a private or local address and cannot be opened by the server.',
      );
    }
    expect(internal.hits()).toBe(before);
  });

  it('re-checks the address after a redirect', async () => {
    const before = internal.hits();
    const refused = await extract(`http://127.0.0.1:${allowed.port}/redirect-private`);
    expect(refused.body.code).toBe(1005);
    expect(internal.hits()).toBe(before);
  });

  it('refuses other schemes and says plainly when a page has no title', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/', 'not a url']) {
      const refused = await extract(url);
      expect(refused.body.code, url).toBe(400);
      expect(refused.body.msg).toBe('Please enter a valid http or https link.');
    }
    const image = await extract(`http://127.0.0.1:${allowed.port}/image`);
    expect(image.body.code).toBe(1005);
    expect(image.body.msg).toBe('The title of this page could not be read.');
  });
});
