// One chat at a time through two builds of Parley side by side (e.g. main before and after a change), each
// send to one build followed by the same send to the other and one to the upstream alone, so the machine's
// load falls on both alike: `npx tsx bench/first-token-ab.ts /path/to/other/checkout` (the other checkout
// needs its node_modules). AB_RUNS=100 (sends to each), AB_DATABASES=pglite or postgres (both by default).
// Prints per build the median and quartiles of the first token over the upstream's own. Stops everything
// it started.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HUMAN_CHECK_HEADER } from '../common/contract';
import { solveCaptcha } from '../tests/helpers/captcha';
import { startPostgres } from '../tests/helpers/postgres';
import { SERVER_NODE_ARGS } from '../tests/helpers/server-process';
import { benchServerEnv, guest } from './sse-streams';

const here = path.resolve(import.meta.dirname, '..');
const other = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || !fs.existsSync(path.join(other, 'server/index.ts')))
  throw new Error('usage: npx tsx bench/first-token-ab.ts /path/to/other/checkout');
const RUNS = Number(process.env.AB_RUNS) || 60;
const DATABASES = (process.env.AB_DATABASES ?? 'pglite,postgres').split(',');
const agent = new http.Agent({ keepAlive: true });
const children = new Set<ChildProcess>();
const stopAll = () => {
  for (const child of children)
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // Already ended.
    }
};
process.once('exit', stopAll);
process.once('SIGINT', () => process.exit(130));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function stop(child: ChildProcess) {
  children.delete(child);
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    // The group is gone.
  }
}

async function startUpstream() {
  const child = spawn(process.execPath, [path.join(here, 'bench/openai-upstream.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: { ...process.env, UPSTREAM_CHUNKS: '20', UPSTREAM_PACING_MS: '25' },
  });
  children.add(child);
  const port = await new Promise<number>((resolve) =>
    child.stdout?.once('data', (data: Buffer) => resolve(Number(data.toString().trim()))),
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Parley from `root` as `npm start` runs it, with the bench's settings (bench/sse-streams.ts). */
async function startParley(root: string, upstreamUrl: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-ab-'));
  fs.mkdirSync(path.join(dataDir, 'none'));
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: benchServerEnv(port, dataDir, databaseUrl, upstreamUrl),
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      if (i > 600 || child.exitCode !== null) throw new Error(`Parley in ${root} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      await stop(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** ms from sending to the first occurrence of `marker` in the streamed body. */
function firstToken(url: string, body: unknown, headers: Record<string, string>, marker: string) {
  return new Promise<number>((resolve, reject) => {
    const sent = performance.now();
    let first = Number.NaN;
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (piece: string) => {
          if (Number.isNaN(first) && piece.includes(marker)) first = performance.now() - sent;
        });
        response.on('end', () => resolve(first));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function compare(database: string, upstreamUrl: string, databaseUrl: () => Promise<string>) {
  const builds = [
    { name: path.basename(here), root: here },
    { name: path.basename(other), root: other },
  ];
  const servers: Awaited<ReturnType<typeof startParley>>[] = [];
  for (const build of builds) servers.push(await startParley(build.root, upstreamUrl, await databaseUrl()));
  try {
    const tokens = await Promise.all(servers.map((server) => guest(server.url)));
    const chat = async (i: number) => {
      const human = await solveCaptcha(servers[i].url);
      return firstToken(
        `${servers[i].url}/api/v1/chat/send`,
        { requestId: crypto.randomUUID(), message: 'Benchmark question about streams.' },
        { Authorization: tokens[i], [HUMAN_CHECK_HEADER.chat]: human },
        '"chunkId"',
      );
    };
    const upstream = () =>
      firstToken(
        `${upstreamUrl}/v1/chat/completions`,
        { model: 'bench', stream: true, messages: [{ role: 'user', content: 'Benchmark question.' }] },
        {},
        '"content":',
      );
    // Warm-up, not counted.
    for (let i = 0; i < 10; i++) for (const s of [0, 1]) await chat(s);
    const times: number[][] = [[], []];
    const alone: number[] = [];
    const loads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // The order alternates, so neither build always goes first.
      for (const s of run % 2 ? [1, 0] : [0, 1]) times[s].push(await chat(s));
      alone.push(await upstream());
      if (run % 10 === 0) loads.push(os.loadavg()[0]);
    }
    const upstreamMedian = quantile(alone, 0.5);
    console.log(
      `\n${database}: ${RUNS} lone chats each, interleaved; upstream alone ${upstreamMedian.toFixed(1)} ms; load ` +
        `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
    );
    for (const [s, build] of builds.entries())
      console.log(
        `  ${build.name}: first token over the upstream, median +${(quantile(times[s], 0.5) - upstreamMedian).toFixed(1)} ms ` +
          `(quartiles ${quantile(times[s], 0.25).toFixed(1)} / ${quantile(times[s], 0.75).toFixed(1)} ms)`,
      );
  } finally {
    for (const server of servers) await server.stop();
  }
}

const upstream = await startUpstream();
try {
  if (DATABASES.includes('pglite')) await compare('PGlite', upstream.url, async () => '');
  if (DATABASES.includes('postgres')) {
    const postgres = await startPostgres({ durable: true });
    try {
      let n = 0;
      await compare('PostgreSQL', upstream.url, async () => {
        // Each build its own database on the one server.
        const name = `ab${++n}`;
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: postgres.url });
        await client.connect();
        await client.query(`create database ${name}`);
        await client.end();
        return postgres.url.replace(/\/[^/]*$/, `/${name}`);
      });
    } finally {
      await postgres.stop();
    }
  }
} finally {
  await stop(upstream.child);
  agent.destroy();
}
