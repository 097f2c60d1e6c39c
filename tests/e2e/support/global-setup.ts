// One real Parley server (built client, PGlite in a temp dir, offline model) for the whole e2e run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../../server/start';

export default async function globalSetup() {
  const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html')))
    throw new Error('Build the client first: npx vite build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    staticDir,
    logLevel: 'warn',
    // Slow enough that a test can cut the network in the middle of an answer.
    offlineModel: { chunkDelayMs: 40 },
    ai: { baseUrl: null, apiKey: '', modelMap: {}, timeoutMs: 30_000 },
    rateLimit: { visitsPerMinute: 1000, codeSendsPerHourPerIp: 1000, loginAttemptsPerHourPerIp: 1000 },
  });
  process.env.PARLEY_E2E_URL = server.url;
  return async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
