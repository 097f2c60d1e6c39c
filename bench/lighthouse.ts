// Lighthouse in mobile mode (its default: a simulated mid-range phone on slow 4G) on the built client, in
// Debian's Chromium: the home route and a chat with an answer, each from a fresh browser profile (nothing
// cached, no service worker). Everything runs on 127.0.0.1; the browser is told not to reach anything else.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { humanHeaders } from '../tests/helpers/captcha';
import { startAppServer } from './app-in-browser';
import { guest } from './sse-streams';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  unusedJs: { url: string; wastedBytes: number }[];
  renderBlocking: string[];
}

/** A chat with a few questions answered by the offline model: what `/chat/:id` draws. */
async function chatWithAnswers(url: string, token: string): Promise<string> {
  let channelId: string | null = null;
  for (const message of ['What is a river delta?', 'And a fjord?', 'Which is older?']) {
    const response: Response = await fetch(`${url}/api/v1/chat/send`, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/json', ...(await humanHeaders(url)) },
      body: JSON.stringify({ requestId: crypto.randomUUID(), message, channelId }),
    });
    const text: string = await response.text();
    channelId ??= /"channelId":"([^"]+)"/.exec(text)?.[1] ?? null;
    if (!channelId) throw new Error(`no chat from the send: ${text.slice(0, 200)}`);
  }
  return channelId as string;
}

/** A run Lighthouse itself gives up on (NO_NAVSTART on a busy machine) is tried again, up to three times. */
async function measure(pageUrl: string, storage: Record<string, string>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(pageUrl, storage);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Lighthouse:')) throw error;
      console.warn(`${String(error)}; again`);
    }
  }
}

/** One Lighthouse run in a fresh Chromium; `storage` is put in the origin's localStorage first. */
async function measureOnce(pageUrl: string, storage: Record<string, string>): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (Object.keys(storage).length) {
      // The static 403 page runs no app code: only localStorage is written, the HTTP cache stays cold.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(new URL('/403.html', pageUrl).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(pageUrl, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      // The profile is new; a reset would also clear the token written above.
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    // LIGHTHOUSE_DUMP=dir keeps every report's JSON there, to read what the audits say in full.
    if (process.env.LIGHTHOUSE_DUMP)
      fs.writeFileSync(
        path.join(
          process.env.LIGHTHOUSE_DUMP,
          `${new URL(pageUrl).pathname.split('/')[1] || 'home'}-${Date.now()}.json`,
        ),
        JSON.stringify(lhr),
      );
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = (id: string) =>
      ((lhr.audits[id]?.details as { items?: { url: string; wastedBytes?: number }[] } | undefined)?.items ??
        []) as { url: string; wastedBytes?: number }[];
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      unusedJs: items('unused-javascript').map((item) => ({
        url: item.url,
        wastedBytes: item.wastedBytes ?? 0,
      })),
      renderBlocking: items('render-blocking-resources').map((item) => item.url),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchLighthouse() {
  const app = await startAppServer('lighthouse');
  const rows: string[] = [];
  const notes: string[] = [];
  try {
    const url = app.server.url;
    const token = await guest(url);
    const channelId = await chatWithAnswers(url, token);
    const routes: { name: string; url: string; storage: Record<string, string> }[] = [
      { name: 'home `/`', url: `${url}/`, storage: {} },
      {
        name: 'chat `/chat/:id`',
        url: `${url}/chat/${channelId}`,
        storage: { 'guest-authorization': token },
      },
    ];
    // LIGHTHOUSE_ROUTES=chat (or home) runs one route only, to compare builds on it in less time.
    const only = process.env.LIGHTHOUSE_ROUTES;
    if (only) routes.splice(0, routes.length, ...routes.filter((route) => route.name.startsWith(only)));
    const runs: Run[][] = routes.map(() => []);
    // Routes alternate run by run, so a busy moment of the machine is not all one route's.
    for (let i = 0; i < RUNS; i++)
      for (const [index, route] of routes.entries())
        runs[index].push(await measure(route.url, route.storage));
    for (const [index, route] of routes.entries()) {
      const m = (pick: (run: Run) => number) => median(runs[index].map(pick));
      rows.push(
        `| ${route.name} | ${m((r) => r.score)} (${runs[index].map((r) => r.score).join(', ')}) | ${(m((r) => r.fcp) / 1000).toFixed(1)} | ${(m((r) => r.lcp) / 1000).toFixed(1)} | ${m((r) => r.tbt).toFixed(0)} | ${m((r) => r.cls).toFixed(3)} | ${(m((r) => r.si) / 1000).toFixed(1)} |`,
      );
      const last = runs[index][RUNS - 1];
      const unused = last.unusedJs
        .map((item) => `${new URL(item.url).pathname} ${(item.wastedBytes / 1024).toFixed(0)} KiB`)
        .join(', ');
      notes.push(
        `- ${route.name}: unused JavaScript ${unused || 'none listed'}; render-blocking ${last.renderBlocking.map((u) => new URL(u).pathname).join(', ') || 'none'}`,
      );
    }
  } finally {
    await app.close();
  }
  console.log(
    `\n## Lighthouse, mobile (median of ${RUNS}; load average ${os.loadavg()[0].toFixed(1)} at the end)\n`,
  );
  console.log(
    '| route | performance (runs) | FCP s | LCP s | TBT ms | CLS | Speed Index s |\n|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of rows) console.log(row);
  console.log(`\nWhat Lighthouse lists in the last run:\n${notes.join('\n')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLighthouse();
