// Its own Parley server, configured for Turnstile, in front of a local stand-in for Cloudflare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../../server/start';
import { startSiteverify } from '../helpers/siteverify';
import { startSmtpSink } from '../helpers/smtp-sink';
import { expect, test } from './support/app';

let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  siteverify = await startSiteverify('turnstile-e2e-secret');
  smtp = await startSmtpSink();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-turnstile-'));
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    staticDir: path.resolve(process.env.STATIC_DIR ?? 'dist'),
    logLevel: 'warn',
    mail: { smtpUrl: smtp.url, from: 'Parley <no-reply@parley.test>' },
    captcha: {
      cost: 1000,
      maxCounter: 800,
      ttlSeconds: 300,
      turnstile: {
        secretKey: 'turnstile-e2e-secret',
        siteKey: 'site-key-e2e',
        verifyUrl: siteverify.url,
        scriptUrl: siteverify.scriptUrl,
      },
    },
  });
});
test.afterAll(async () => {
  await server?.close();
  await siteverify?.close();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('with Turnstile configured, the login asks the widget and its token passes siteverify', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(server.url);
  await expect(page.getByTestId('auth-state')).toHaveText('Guest');
  // Cloudflare's script is not part of the page until a human check is needed.
  expect(scripts.filter((url) => url === siteverify.scriptUrl)).toEqual([]);

  await page.getByTestId('open-login').click();
  await page.getByTestId('login-email').fill('turnstile@example.com');
  await page.getByTestId('login-next').click();
  const modal = page.getByTestId('bot-challenge');
  await expect(modal.getByTestId('turnstile-widget')).toHaveAttribute('data-sitekey', 'site-key-e2e');
  await modal.getByTestId('fake-turnstile').click();

  await expect(page.getByTestId('code-boxes')).toBeVisible();
  expect(siteverify.requests.at(-1)).toMatchObject({ secret: 'turnstile-e2e-secret', remoteip: '127.0.0.1' });
  const code = await smtp.codeFor('turnstile@example.com');
  await page.getByTestId('code-box').first().focus();
  await page.keyboard.type(code);
  await expect(page.getByTestId('auth-state')).toHaveText('turnstile@example.com');
});
