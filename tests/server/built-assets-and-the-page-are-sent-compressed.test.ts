// The built client goes out compressed: assets from the .br/.gz files the build writes beside them, the
// page (which differs per language) compressed by the server, each by the browser's Accept-Encoding.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

/** A raw GET (no automatic decompression): the headers and the bytes as sent. */
function rawGet(url: string, acceptEncoding: string | null) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      },
    );
    request.on('error', reject);
  });
}

describe('compressed client', () => {
  let server: TestServer;
  let staticDir: string;
  const script = `console.log(${JSON.stringify('parley '.repeat(2000))});`;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-client-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      `<!doctype html>\n<html lang="en" dir="ltr">\n<head></head><body>${'app '.repeat(500)}</body></html>`,
    );
    const file = path.join(staticDir, 'assets', 'app-1234.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    server = await startTestServer('pglite', { staticDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends an asset as brotli, gzip or plain as the browser accepts', async () => {
    const url = `${server.url}/assets/app-1234.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);
    const gz = await rawGet(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(url, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends the page compressed too, still in the path’s language', async () => {
    const ar = await rawGet(`${server.url}/ar/chat/x`, 'br');
    expect(ar.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(ar.body).toString()).toContain('<html lang="ar" dir="rtl">');
    const plain = await rawGet(`${server.url}/`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<html lang="en" dir="ltr">');
  });
});
