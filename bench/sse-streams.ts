// How many concurrent chat streams one instance serves (PGlite, offline model) while the gap between
// consecutive chunks stays under 100 ms at p99 beyond the model's own pacing. Loopback only, bounded.

import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const CHUNK_DELAY_MS = 20;
const LEVELS = [50, 100, 200, 400, 800];
const BUDGET_MS = 100;

export async function guest(url: string): Promise<string> {
  const { data } = (await (await fetch(`${url}/api/v1/auth/visitKey`)).json()) as { data: { key: string } };
  const key = crypto.createPublicKey({ key: Buffer.from(data.key, 'base64'), format: 'der', type: 'spki' });
  const sign = crypto
    .publicEncrypt(
      { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(new Date().toISOString()),
    )
    .toString('base64');
  const response = await fetch(`${url}/api/v1/auth/visit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sign }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** One stream: the gaps (ms) between consecutive chunk arrivals. */
async function oneStream(url: string, token: string): Promise<number[]> {
  const response = await fetch(`${url}/api/v1/chat/send`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      requestId: crypto.randomUUID(),
      message: 'Benchmark question about streams, sockets and latency.',
    }),
  });
  const gaps: number[] = [];
  let last = 0;
  const decoder = new TextDecoder();
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(bytes, { stream: true });
    const chunks = (text.match(/"chunkId"/g) ?? []).length;
    const now = performance.now();
    for (let i = 0; i < chunks; i++) {
      if (last) gaps.push(i === 0 ? now - last : 0);
      last = now;
    }
  }
  return gaps;
}

/** The server runs in its own process, as in production, so the load generator does not share its event loop. */
async function startServerProcess(dataDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  fs.mkdirSync(path.join(dataDir, 'none'));
  // Node itself runs the server (tsx as a loader), not npx: a signal to npx left its grandchild, the server,
  // running after the benchmark ended.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AI_BASE_URL: '',
      LOG_LEVEL: 'warn',
      OFFLINE_MODEL_CHUNK_DELAY_MS: String(CHUNK_DELAY_MS),
      VISIT_RATE_LIMIT_PER_MINUTE: '100000',
      // Each guest sends many streams here; plan quotas would stop them.
      QUOTAS: 'off',
      STATIC_DIR: path.join(dataDir, 'none'),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // A server that does not finish its graceful shutdown in 10 s is stopped all the same.
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchSseStreams() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const server = await startServerProcess(dataDir);
  const rows: string[] = [];
  let best = 0;
  try {
    const tokens = await Promise.all(Array.from({ length: 20 }, () => guest(server.url)));
    // Warm-up (JIT, database caches), not reported.
    await Promise.all(Array.from({ length: 20 }, (_, i) => oneStream(server.url, tokens[i])));
    for (const streams of LEVELS) {
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: streams }, (_, i) => oneStream(server.url, tokens[i % tokens.length])),
      );
      const seconds = (performance.now() - started) / 1000;
      const gaps = results.flat().sort((a, b) => a - b);
      const p50 = percentile(gaps, 50);
      const p99 = percentile(gaps, 99);
      const chunks = gaps.length + results.length;
      const ok = p99 - CHUNK_DELAY_MS < BUDGET_MS;
      if (ok) best = streams;
      rows.push(
        `| ${streams} | ${chunks} | ${(chunks / seconds).toFixed(0)} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${ok ? 'yes' : 'no'} |`,
      );
      if (!ok || seconds > 90) break;
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n## Concurrent chat streams (offline model paced at ${CHUNK_DELAY_MS} ms per chunk, PGlite)\n`,
  );
  console.log(
    '| streams | chunks | chunks/s | p50 gap ms | p99 gap ms | p99 - pacing < 100 ms |\n|---:|---:|---:|---:|---:|:---:|',
  );
  for (const row of rows) console.log(row);
  console.log(`\nLargest level tried within budget: **${best} concurrent streams**.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSseStreams();
