// Every response carries the security headers: a Content-Security-Policy allowing only the app's own
// resources, no framing by other sites (share pages only where the operator allows it), nosniff and a
// referrer policy; on the app page, a share page, API answers (also errors) and the provider pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

function builtClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
  return dir;
}

async function headersOf(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  await response.arrayBuffer();
  return { status: response.status, headers: response.headers };
}

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = builtClient();
    server = await startTestServer('pglite', { staticDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('the app page, a share page, API answers, errors and the provider pages all carry them', async () => {
    const pages = {
      app: '/',
      appRoute: '/chat/abc',
      share: '/share/some-share-key',
      api: '/api/v1/health',
      unauthorised: '/api/v1/chat/myChannelList',
      providerCheckout: '/pay/test/checkout/unknown-session',
      providerPortal: '/pay/test/portal/unknown-customer',
      providerWallet: '/pay/test/wallet/unknown-session',
      socialLogin: '/bloom/oauth2/google/start',
      asset: '/assets/missing.js',
    };
    for (const [name, page] of Object.entries(pages)) {
      const { status, headers } = await headersOf(`${server.url}${page}`);
      expect(status, name).toBeLessThan(600);
      const csp = directives(headers.get('content-security-policy'));
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      expect(csp.get('script-src'), name).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('connect-src'), name).not.toContain('*');
      expect(headers.get('x-frame-options'), name).toBe('DENY');
      expect(headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(headers.get('referrer-policy'), name).toBe('strict-origin-when-cross-origin');
    }
  });

  it('a refused body (413) and a bad JSON body (400) carry them too', async () => {
    const big = await headersOf(`${server.url}/api/v1/auth/visit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('x-frame-options')).toBe('DENY');
    const bad = await headersOf(`${server.url}/api/v1/auth/visit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(directives(bad.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('security headers with configured third parties and share embedding', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = builtClient();
    server = await startTestServer('pglite', {
      staticDir,
      embedOrigins: ['https://blog.example.com'],
      captcha: {
        cost: 50,
        maxCounter: 100,
        ttlSeconds: 600,
        turnstile: {
          secretKey: 's',
          siteKey: 'k',
          verifyUrl: 'http://127.0.0.1:9/siteverify',
          scriptUrl: 'https://challenges.example.net/turnstile/api.js?render=explicit',
        },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('share pages may be framed by the configured origins only; every other page by none', async () => {
    for (const page of ['/share/some-share-key', '/ar/share/some-share-key']) {
      const { headers } = await headersOf(`${server.url}${page}`);
      expect(directives(headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
        'https://blog.example.com',
      ]);
      expect(headers.get('x-frame-options')).toBeNull();
    }
    const app = await headersOf(`${server.url}/`);
    expect(directives(app.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(app.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the configured captcha origin may serve scripts and frames, nothing else is added', async () => {
    const csp = directives((await headersOf(`${server.url}/`)).headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://challenges.example.net']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://challenges.example.net']);
  });
});
