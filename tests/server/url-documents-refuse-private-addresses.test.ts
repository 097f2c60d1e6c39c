import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../common/contract';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { newGuest, startTestServer, type TestServer } from '../helpers/server';

const ARTICLE = `<html><head><title>Bees in winter</title></head><body><nav>menu</nav><article><h1>Bees in winter</h1>
<p>${'Honey bees cluster together in winter and shiver their flight muscles to keep the queen warm. '.repeat(8)}</p>
<p>${'The cluster moves slowly across the comb, eating stored honey as it goes. '.repeat(6)}</p></article></body></html>`;

/** A web site on 127.0.0.1: a readable article, an empty page and redirects to private addresses. */
function startSite(privatePort: () => number) {
  const server = http.createServer((request, response) => {
    if (request.url === '/article')
      return response.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE);
    if (request.url === '/empty')
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (request.url === '/to-loopback')
      return response.writeHead(302, { location: `http://127.0.0.1:${privatePort()}/secret` }).end();
    if (request.url === '/to-metadata')
      return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    response.writeHead(404).end('missing');
  });
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('a url document is fetched only from public addresses', () => {
  let server: TestServer;
  let site: http.Server;
  let secret: http.Server;
  let secretHits = 0;
  let siteBase = '';
  beforeAll(async () => {
    secret = http.createServer((_q, r) => {
      secretHits++;
      r.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE);
    });
    await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve));
    site = await startSite(() => (secret.address() as AddressInfo).port);
    const port = (site.address() as AddressInfo).port;
    siteBase = `http://127.0.0.1:${port}`;
    // Only the test site is allowed although private, as an operator's intranet would be.
    server = await startTestServer('pglite', {
      outboundAllowHosts: [`127.0.0.1:${port}`],
      docs: testDocsConfig(),
    });
  });
  afterAll(async () => {
    await server.close();
    site.close();
    secret.close();
  });

  it('reads an allowed page with readability and answers its topic and pages', async () => {
    const docs = docsClient(server.url, await newGuest(server.url));
    const created = await docs.create({ url: `${siteBase}/article` });
    expect(created.body.code).toBe(200);
    expect(created.body.data).toMatchObject({ topic: 'Bees in winter', page_count: 1, language: 'en' });
    const chat = await docs.chat({ url: `${siteBase}/article` });
    expect(chat.body.data.docs[0].md5).toBe(created.body.data.md5);
  });

  it('refuses 127.0.0.1, 169.254.169.254 and redirects to them with 1005', async () => {
    const docs = docsClient(server.url, await newGuest(server.url));
    const secretPort = (secret.address() as AddressInfo).port;
    for (const url of [
      `http://127.0.0.1:${secretPort}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      `http://localhost:${secretPort}/secret`,
      `${siteBase}/to-loopback`,
      `${siteBase}/to-metadata`,
    ]) {
      const refused = await docs.create({ url });
      expect(refused.body.code, url).toBe(ResponseCode.UrlParseError);
      expect(refused.body.msg, url).toBe(
        'This link points to a private or local address and cannot be opened by the server.',
      );
    }
    expect(secretHits).toBe(0);
  });

  it('answers 1005 for a page without readable text and for a missing page, translated', async () => {
    const docs = docsClient(server.url, await newGuest(server.url), 'es');
    for (const path of ['/empty', '/nothing-here']) {
      const unreadable = await docs.create({ url: `${siteBase}${path}` });
      expect(unreadable.body.code).toBe(1005);
      expect(unreadable.body.msg).toBe(
        'No se pudo leer esta página web. Revisa el enlace e inténtalo de nuevo.',
      );
    }
  });
});
