// One Parley server on a fresh data dir serving the built client, and Debian's Chromium beside it: what the
// browser benches start, and stop together (browser, server, data dir).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startServer } from '../server/start';

/** The server alone (a bench that drives its own browser, as Lighthouse does); close removes its data dir. */
export async function startAppServer(name: string) {
  const staticDir = path.resolve('dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html')))
    throw new Error('Build the client first: npx vite build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parley-bench-${name}-`));
  try {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: null,
      staticDir,
      logLevel: 'warn',
    });
    return {
      server,
      async close() {
        await server.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function openAppInBrowser(name: string, extraArgs: string[] = []) {
  const app = await startAppServer(name);
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...extraArgs],
    })
    .catch(async (error) => {
      await app.close();
      throw error;
    });
  return {
    server: app.server,
    browser,
    async close() {
      await browser.close();
      await app.close();
    },
  };
}
