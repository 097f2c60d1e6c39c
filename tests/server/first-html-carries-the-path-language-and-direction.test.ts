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
      '<!doctype html>\n<html lang="en" dir="ltr">\n<head><link rel="manifest" href="/manifest.webmanifest"></head><body>app</body></html>',
    );
    // The build's web manifest, as vite.config.ts writes it (its shortcuts and screenshots in English).
    fs.writeFileSync(
      path.join(staticDir, 'manifest.webmanifest'),
      JSON.stringify({
        name: 'Parley',
        description: 'Your self-hosted AI assistant',
        id: '/',
        start_url: '/',
        scope: '/',
        lang: 'en',
        screenshots: [
          { src: '/screenshots/home-narrow.png', form_factor: 'narrow', label: 'Parley on a phone' },
          { src: '/screenshots/home-wide.png', form_factor: 'wide', label: 'Parley on a desktop' },
        ],
        shortcuts: [
          { name: 'New chat', url: '/' },
          { name: 'Chat with a document', url: '/chatwithdoc' },
          { name: 'Writing', url: '/writing' },
        ],
      }),
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

  it('links the web manifest in the page language, which names the installed app and its shortcuts in it', async () => {
    const html = await (await fetch(`${server.url}/ar/chat/abc`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=ar">');
    const response = await fetch(`${server.url}/manifest.webmanifest?lang=ar`);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const arabic = await response.json();
    expect(arabic).toMatchObject({ lang: 'ar', dir: 'rtl', id: '/', start_url: '/', scope: '/' });
    expect(arabic.description).toBe('مساعدك للذكاء الاصطناعي على خادمك');
    expect(arabic.shortcuts).toEqual([
      { name: 'محادثة جديدة', url: '/ar/' },
      { name: 'الدردشة مع المستندات', url: '/ar/chatwithdoc' },
      { name: 'الكتابة', url: '/ar/writing' },
    ]);
    expect(arabic.screenshots.map((shot: { label: string }) => shot.label)).toEqual([
      'Parley على الهاتف',
      'Parley على الحاسوب',
    ]);
    // Without a language, or with one the app does not speak, it is English; the identity never changes.
    for (const query of ['', '?lang=xx', '?lang=%3Cscript%3E']) {
      const english = await (await fetch(`${server.url}/manifest.webmanifest${query}`)).json();
      expect(english).toMatchObject({ lang: 'en', dir: 'ltr', id: '/', start_url: '/' });
      expect(english.shortcuts[1]).toEqual({ name: 'Chat with documents', url: '/chatwithdoc' });
    }
  });
});
