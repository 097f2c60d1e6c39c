// One real Parley server (built client, PGlite in a temp dir, offline model) for the whole e2e run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/config';
import { startServer } from '../../../server/start';
import { startFakeOpenAi } from '../../helpers/fake-openai';
import { startOidcProvider } from '../../helpers/oidc-provider';
import { startSmtpSink } from '../../helpers/smtp-sink';
import { startSearchSite } from './search-site';

export default async function globalSetup() {
  const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html')))
    throw new Error('Build the client first: npx vite build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  // Login codes go through real SMTP to a sink; tests read them from this file (they run in other processes).
  const inboxFile = path.join(dataDir, 'inbox.jsonl');
  const smtp = await startSmtpSink((mail) => fs.appendFileSync(inboxFile, `${JSON.stringify(mail)}\n`));
  process.env.PARLEY_E2E_INBOX = inboxFile;
  // Google and Apple sign-in go to a real OIDC provider on 127.0.0.1, never to the internet.
  const idp = await startOidcProvider();
  // Web and academic search go to local servers speaking SearXNG's JSON and the arXiv API.
  const searchSite = await startSearchSite();
  // Image generation goes to a local server speaking OpenAI's images API (chat stays on the offline model).
  const imageApi = await startFakeOpenAi();
  // Tests that stand in for the test provider's renewal clock sign its webhooks with this secret.
  process.env.PARLEY_E2E_TESTPAY_SECRET = 'parley-e2e-testpay-secret';
  const server = await startServer({
    billing: { ...loadConfig(process.env).billing, testpaySecret: process.env.PARLEY_E2E_TESTPAY_SECRET },
    docs: {
      ...loadConfig(process.env).docs,
      search: { searxngUrl: searchSite.base, arxivUrl: `${searchSite.base}/api/query`, timeoutMs: 5000 },
    },
    oidc: idp.parleyConfig,
    mail: { smtpUrl: smtp.url, from: 'Parley <no-reply@parley.test>' },
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    staticDir,
    // The cookie-banner test presents an EU address the way a reverse proxy would.
    trustProxy: true,
    // The writing link-title test pastes this server's own page address (private, so allowed explicitly).
    outboundAllowHosts: ['127.0.0.1'],
    // The analytics operator page is shown to this member.
    adminEmails: ['ops@example.com'],
    logLevel: 'warn',
    // Slow enough that a test can cut the network in the middle of an answer.
    offlineModel: { chunkDelayMs: 40 },
    ai: { baseUrl: null, apiKey: '', modelMap: {}, timeoutMs: 30_000 },
    images: { baseUrl: imageApi.url, apiKey: '', model: 'e2e-image', size: '256x256', timeoutMs: 10_000 },
    rateLimit: {
      visitsPerMinute: 1000,
      codeSendsPerHourPerIp: 1000,
      loginAttemptsPerHourPerIp: 1000,
      sharesPerHourPerUser: 1000,
    },
    // Every browser login solves a real proof of work; this size takes Chromium well under a second.
    captcha: { cost: 1000, maxCounter: 800, ttlSeconds: 600, turnstile: null },
    // One published store link, so the download modal shows both a link and a not-yet-published card.
    links: {
      community: null,
      social: null,
      chromeExtension: 'https://chromewebstore.google.com/detail/parley-e2e',
      ios: null,
      android: null,
    },
  });
  idp.allowRedirectsTo(server.url);
  process.env.PARLEY_E2E_URL = server.url;
  return async () => {
    await server.close();
    await idp.close();
    searchSite.close();
    await imageApi.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
