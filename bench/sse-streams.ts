// Concurrent chat streams through Parley against a local OpenAI-compatible upstream (20 chunks 25 ms apart,
// bench/openai-upstream.mjs), beside the upstream alone in the same run: per level, first token and the
// p99 gap between chunks relative to the upstream's own, the server's CPU per chat and its peak memory,
// each with its pass/fail, on the embedded PGlite and then on a throwaway PostgreSQL. Every process it
// starts (upstream, servers, PostgreSQL) is stopped at the end, also when it fails.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HUMAN_CHECK_HEADER } from '../common/contract';
import { solveCaptcha } from '../tests/helpers/captcha';
import { startPostgres } from '../tests/helpers/postgres';
import { SERVER_NODE_ARGS } from '../tests/helpers/server-process';

const CHUNKS = 20;
const PACING_MS = 25;
/** STREAM_LEVELS=10,50 runs fewer (a quick look); the README's figures are from every level. */
const LEVELS = (process.env.STREAM_LEVELS?.split(',').map(Number) ?? [10, 50, 100, 200, 400, 1000]).filter(
  (streams) => streams > 0,
);
/** STREAM_SINGLE_RUNS=40 times more lone chats (STREAM_LEVELS=0 runs only those). */
const SINGLE_RUNS = Number(process.env.STREAM_SINGLE_RUNS) || 10;
/**
 * A level of N streams is N clients, each sending ROUNDS chats one after the other, their first sends spread
 * over one answer's length: N streams are live at once, as with people chatting, rather than N sends landing
 * in the same millisecond.
 */
const ROUNDS = 2;
const ANSWER_MS = (CHUNKS - 1) * PACING_MS;
/** Chats per guest: a few at once, as a person with several tabs. */
const CHATS_PER_GUEST = 10;

/** The goals of one level; the gap goal is looser at 1,000 streams, memory is bounded up to 400. */
const GOALS = {
  gapOverPacingMs: (streams: number) => (streams > 400 ? 50 : 20),
  firstTokenOverUpstreamMs: 100,
  cpuPerChatMs: 5,
  peakRssMib: 400,
  singleChatOverUpstreamMs: 10,
};

const root = path.resolve(import.meta.dirname, '..');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Processes this run started, each stopped at the end (also on Ctrl-C or a failure). */
const started = new Set<{ stop(): Promise<void>; kill(): void }>();
process.once('exit', () => {
  for (const entry of started) entry.kill();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const entry of started) entry.kill();
    process.exit(130);
  });

/** Stops a process group: SIGTERM, then SIGKILL after 15 s. */
function groupStopper(child: ChildProcess) {
  const pgid = child.pid as number;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // Already ended.
    }
  };
  const entry = {
    kill: () => signal('SIGKILL'),
    async stop() {
      started.delete(entry);
      if (child.exitCode !== null || child.signalCode !== null) return signal('SIGKILL');
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      signal('SIGTERM');
      const late = setTimeout(() => signal('SIGKILL'), 15_000);
      await exited;
      clearTimeout(late);
      // Anything the process left in its group (tsx's esbuild) goes with it.
      signal('SIGKILL');
    },
  };
  started.add(entry);
  return entry;
}

async function startUpstream() {
  const child = spawn(process.execPath, [path.join(root, 'bench/openai-upstream.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: { ...process.env, UPSTREAM_CHUNKS: String(CHUNKS), UPSTREAM_PACING_MS: String(PACING_MS) },
  });
  const stopper = groupStopper(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the upstream ended (exit ${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: stopper.stop };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The environment of a Parley the stream benches start: pointed at the upstream, with no API-only frills. */
export function benchServerEnv(port: number, dataDir: string, databaseUrl: string, upstreamUrl: string) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AI_BASE_URL: `${upstreamUrl}/v1`,
    AI_API_KEY: 'bench',
    LOG_LEVEL: 'warn',
    VISIT_RATE_LIMIT_PER_MINUTE: '100000',
    // Each guest sends many chats here; plan quotas would stop them.
    QUOTAS: 'off',
    // The human check every free chat passes, made cheap: it is solved before a level starts.
    CAPTCHA_COST: '50',
    CAPTCHA_MAX_COUNTER: '100',
    STATIC_DIR: path.join(dataDir, 'none'),
  };
}

/** Parley as `npm start` runs it, in its own process group, pointed at the upstream. */
async function startParley(upstreamUrl: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  fs.mkdirSync(path.join(dataDir, 'none'));
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': a CPU profile of the server per thread.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_ARGS], {
    cwd: root,
    // BENCH_SERVER_LOG=file keeps the server's log (warnings and errors).
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
    detached: true,
    env: benchServerEnv(port, dataDir, databaseUrl, upstreamUrl),
  });
  const stopper = groupStopper(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`Parley ended (exit ${child.exitCode}) before it listened`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      if (i > 600) throw new Error('Parley did not start within 60 s');
      await sleep(100);
    }
  }
  return {
    url,
    pid: child.pid as number,
    async stop() {
      await stopper.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A guest session on a running Parley (other benches use it too). */
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

/** Why answers came back incomplete or failed, for the level's line (a few, each once). */
const shortReasons = new Set<string>();

interface StreamTiming {
  /** From sending the request to the first chunk, ms. */
  firstMs: number;
  /** Between consecutive chunk arrivals, ms (0 for chunks that came in the same read). */
  gaps: number[];
  chunks: number;
}

/** One streamed POST; `marker` occurs once per content chunk in the body. */
function timedStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  marker: string,
): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    const timing: StreamTiming = { firstMs: Number.NaN, gaps: [], chunks: 0 };
    let last = 0;
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (piece: string) => {
          const now = performance.now();
          // The last few hundred characters: an error event at the end of a stream tells why it stopped short.
          text = (text + piece).slice(-400);
          if (response.statusCode !== 200) return;
          const count = piece.split(marker).length - 1;
          for (let i = 0; i < count; i++) {
            if (timing.chunks === 0) timing.firstMs = now - sent;
            else timing.gaps.push(i === 0 ? now - last : 0);
            timing.chunks += 1;
          }
          if (count > 0) last = now;
        });
        response.on('end', () => {
          if (response.statusCode !== 200)
            return reject(new Error(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`));
          if (timing.chunks !== CHUNKS && marker === '"chunkId"' && shortReasons.size < 5)
            shortReasons.add(`${timing.chunks} chunks, ended with: ${text.slice(-200).replace(/\s+/g, ' ')}`);
          resolve(timing);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** A stream that failed (refused, reset) counts as an incomplete answer rather than ending the run. */
const failed = (error: Error): StreamTiming => {
  if (shortReasons.size < 5) shortReasons.add(error.message.slice(0, 200));
  return { firstMs: Number.NaN, gaps: [], chunks: 0 };
};

const upstreamChat = (upstreamUrl: string) =>
  timedStream(
    `${upstreamUrl}/v1/chat/completions`,
    {
      model: 'bench',
      stream: true,
      messages: [{ role: 'user', content: 'Benchmark question about streams.' }],
    },
    {},
    '"content":',
  ).catch(failed);

const parleyChat = (parleyUrl: string, token: string, humanToken: string) =>
  timedStream(
    `${parleyUrl}/api/v1/chat/send`,
    { requestId: crypto.randomUUID(), message: 'Benchmark question about streams.' },
    { Authorization: token, [HUMAN_CHECK_HEADER.chat]: humanToken },
    '"chunkId"',
  ).catch(failed);

/** Solved human checks for `count` chats, before the clock of a level starts. */
async function humanTokens(url: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 16)
    tokens.push(
      ...(await Promise.all(Array.from({ length: Math.min(16, count - i) }, () => solveCaptcha(url)))),
    );
  return tokens;
}

/** The server process's CPU time so far (all its threads, the PGlite worker's too), ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** CPU time so far of each of the server's threads by name (node's main thread, the PGlite worker, V8's helpers), ms. */
function threadCpuMs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      // Node names no thread but the main one apart: the main thread is the process's own id.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const name = task === String(pid) ? 'main' : `${comm.replace(/[0-9]+$/, '')}-${task}`;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      byName.set(name, (byName.get(name) ?? 0) + ms);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return byName;
}

function rssMib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const percentile = (values: number[], p: number) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

interface LevelFigures {
  firstP50: number;
  firstP99: number;
  gapP99: number;
  short: number;
  seconds: number;
}

function figures(timings: StreamTiming[], seconds: number): LevelFigures {
  const firsts = timings.map((t) => t.firstMs);
  const gaps = timings.flatMap((t) => t.gaps);
  return {
    firstP50: percentile(firsts, 50),
    firstP99: percentile(firsts, 99),
    gapP99: percentile(gaps, 99),
    short: timings.filter((t) => t.chunks !== CHUNKS).length,
    seconds,
  };
}

/** `clients` clients, each starting after its share of one answer's length and sending `rounds` chats in turn. */
async function closedLoop<T>(
  clients: number,
  rounds: number,
  one: (chat: number, client: number) => Promise<T>,
) {
  const start = performance.now();
  const perClient = await Promise.all(
    Array.from({ length: clients }, async (_v, client) => {
      await sleep((client * ANSWER_MS) / clients);
      const results: T[] = [];
      for (let round = 0; round < rounds; round++) results.push(await one(client * rounds + round, client));
      return results;
    }),
  );
  return { results: perClient.flat(), seconds: (performance.now() - start) / 1000 };
}

const f = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const mark = (ok: boolean) => (ok ? 'pass' : '**fail**');

/** Every level on one database; prints its table and returns the largest level that met every goal. */
async function benchOneDatabase(label: string, upstreamUrl: string, databaseUrl: string) {
  const parley = await startParley(upstreamUrl, databaseUrl);
  const lines: string[] = [];
  let best = 0;
  try {
    const guests = await Promise.all(
      Array.from({ length: Math.ceil(Math.max(10, ...LEVELS) / CHATS_PER_GUEST) }, () => guest(parley.url)),
    );
    const tokenOf = (i: number) => guests[Math.floor(i / CHATS_PER_GUEST) % guests.length];
    // Warm-up (JIT, connections, database caches), not reported.
    const warm = await humanTokens(parley.url, 20);
    await closedLoop(20, 1, (i) => parleyChat(parley.url, tokenOf(i * CHATS_PER_GUEST), warm[i]));
    await closedLoop(20, 1, () => upstreamChat(upstreamUrl));

    // One chat at a time, alternating with the upstream alone.
    const single = await humanTokens(parley.url, SINGLE_RUNS);
    const upstreamFirst: number[] = [];
    const parleyFirst: number[] = [];
    for (let i = 0; i < SINGLE_RUNS; i++) {
      upstreamFirst.push((await upstreamChat(upstreamUrl)).firstMs);
      parleyFirst.push((await parleyChat(parley.url, guests[0], single[i])).firstMs);
    }
    const singleOver = percentile(parleyFirst, 50) - percentile(upstreamFirst, 50);
    lines.push(
      `One chat at a time (${SINGLE_RUNS} runs, medians): first token ${f(percentile(upstreamFirst, 50))} ms from ` +
        `the upstream alone, ${f(percentile(parleyFirst, 50))} ms through Parley: +${f(singleOver)} ms ` +
        `(goal at most ${GOALS.singleChatOverUpstreamMs}): ${mark(singleOver <= GOALS.singleChatOverUpstreamMs)}; ` +
        `Parley's quartiles ${f(percentile(parleyFirst, 25))} / ${f(percentile(parleyFirst, 75))} ms.`,
      '',
      '| streams | load (1 min) | upstream alone: first token p50 ms / p99 gap − pacing ms | Parley: first token p50 / p99 ms | first token over upstream (p50) ms | Parley p99 gap − pacing ms | CPU per chat ms | peak RSS MiB | incomplete or failed answers | level |',
      '|---:|---:|---|---|---:|---:|---:|---:|---:|:---:|',
    );

    for (const streams of LEVELS) {
      const alone = await closedLoop(streams, ROUNDS, () => upstreamChat(upstreamUrl));
      const upstream = figures(alone.results, alone.seconds);
      const humans = await humanTokens(parley.url, streams * ROUNDS);
      await sleep(500);
      let peak = rssMib(parley.pid);
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMib(parley.pid));
      }, 100);
      const cpuBefore = cpuMs(parley.pid);
      const threadsBefore = threadCpuMs(parley.pid);
      let through: Awaited<ReturnType<typeof closedLoop<StreamTiming>>>;
      try {
        through = await closedLoop(streams, ROUNDS, (chat, client) =>
          parleyChat(parley.url, tokenOf(client), humans[chat]),
        );
        // The answers' final writes come right after their last chunk.
        await sleep(300);
      } finally {
        clearInterval(sampler);
      }
      const cpuPerChat = (cpuMs(parley.pid) - cpuBefore) / (streams * ROUNDS);
      const threads = [...threadCpuMs(parley.pid)]
        .map(([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / (streams * ROUNDS)] as const)
        .filter(([, perChat]) => perChat >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      peak = Math.max(peak, rssMib(parley.pid));
      const load = os.loadavg()[0];
      const ours = figures(through.results, through.seconds);
      const firstOver = ours.firstP50 - upstream.firstP50;
      const gapOver = ours.gapP99 - PACING_MS;
      const ok = {
        gap: gapOver < GOALS.gapOverPacingMs(streams),
        first: firstOver < GOALS.firstTokenOverUpstreamMs,
        cpu: cpuPerChat <= GOALS.cpuPerChatMs,
        rss: streams > 400 || peak <= GOALS.peakRssMib,
        complete: ours.short === 0,
      };
      const pass = Object.values(ok).every(Boolean);
      if (pass) best = streams;
      const failed = Object.entries(ok)
        .filter(([, good]) => !good)
        .map(([name]) => name);
      lines.push(
        `| ${streams} | ${f(load, 2)} | ${f(upstream.firstP50)} / ${f(upstream.gapP99 - PACING_MS)} | ` +
          `${f(ours.firstP50)} / ${f(ours.firstP99)} | ${f(firstOver)} | ${f(gapOver)} | ${f(cpuPerChat, 2)} | ` +
          `${f(peak, 0)} | ${ours.short} | ${pass ? 'pass' : `fail (${failed.join(', ')})`} |`,
      );
      console.error(`  ${label}: ${lines.at(-1)}`);
      console.error(
        `    CPU per chat by thread: ${threads.map(([name, ms]) => `${name} ${f(ms, 2)}`).join(', ')}`,
      );
      for (const reason of shortReasons) console.error(`    short answer: ${reason}`);
      shortReasons.clear();
    }
  } finally {
    await parley.stop();
  }
  console.log(`\n### ${label}\n`);
  for (const line of lines) console.log(line);
  console.log(
    `\nLargest level that meets every goal on ${label}: **${best ? `${best} concurrent streams` : 'none'}**.`,
  );
  return best;
}

export async function benchSseStreams() {
  const upstream = await startUpstream();
  try {
    console.log(
      `\n## Concurrent chat streams (local OpenAI-compatible upstream: ${CHUNKS} chunks ${PACING_MS} ms apart)\n`,
    );
    console.log(
      `A level of N streams: N clients each send ${ROUNDS} chats in turn, their first sends spread over one ` +
        `answer's ${ANSWER_MS} ms, so N answers stream at once; the upstream alone is measured the same way ` +
        'right before.\n',
    );
    console.log(
      `Goals per level: p99 gap − pacing under ${GOALS.gapOverPacingMs(400)} ms (${GOALS.gapOverPacingMs(1000)} ms at ` +
        `1,000), first token (p50) under ${GOALS.firstTokenOverUpstreamMs} ms over the upstream alone at the same ` +
        `level, CPU per chat at most ${GOALS.cpuPerChatMs} ms (server process, /proc), peak server RSS at most ` +
        `${GOALS.peakRssMib} MiB up to 400 streams, every answer complete. Load average at start: ` +
        `${os
          .loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')}.`,
    );
    await benchOneDatabase('PGlite (embedded default)', upstream.url, '');
    if (process.env.STREAM_DATABASES === 'pglite') return;
    let postgres: Awaited<ReturnType<typeof startPostgres>> | null = null;
    try {
      // Durable like a production PostgreSQL (fsync on), as the embedded one is.
      postgres = await startPostgres({ durable: true });
    } catch (error) {
      console.log(`\nPostgreSQL could not be started here: ${(error as Error).message}`);
    }
    if (postgres) {
      const entry = { kill: postgres.kill, stop: postgres.stop };
      started.add(entry);
      try {
        await benchOneDatabase('PostgreSQL (DATABASE_URL)', upstream.url, postgres.url);
      } finally {
        started.delete(entry);
        await postgres.stop();
      }
    }
  } finally {
    await upstream.stop();
    agent.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSseStreams();
