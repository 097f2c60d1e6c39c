// The app page the server sends names the path's language and direction before any script runs: /ar is
// Arabic and right to left, /zh and /es left to right in their language, anything else English.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

describe('the first HTML', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-client-'));
    // The same opening tag the built index.html has.
    fs.writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html>\n<html lang="en" dir="ltr">\n<head></head><body>app</body></html>',
    );
    server = await startTestServer('pglite', { staticDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const openingTag = async (page: string) => {
    const html = await (await fetch(`${server.url}${page}`)).text();
    return html.match(/<html[^>]*>/)?.[0];
  };

  it('carries lang and dir for the language in the path', async () => {
    expect(await openingTag('/ar')).toBe('<html lang="ar" dir="rtl">');
    expect(await openingTag('/ar/chat/abc')).toBe('<html lang="ar" dir="rtl">');
    expect(await openingTag('/zh')).toBe('<html lang="zh" dir="ltr">');
    expect(await openingTag('/es/writing')).toBe('<html lang="es" dir="ltr">');
    expect(await openingTag('/')).toBe('<html lang="en" dir="ltr">');
    expect(await openingTag('/chat/abc')).toBe('<html lang="en" dir="ltr">');
    // A path segment that is not one of the four languages is not echoed into the page.
    expect(await openingTag('/x%22onload%3D/chat')).toBe('<html lang="en" dir="ltr">');
  });
});
