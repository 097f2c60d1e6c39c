// Memory of an idle server on the embedded PGlite, started as `npm start` starts it (node --import tsx
// server/index.ts, after the build): RSS 30 s after "listening" on a fresh data dir (first start, initdb)
// and again on a restart of the same dir. Every process the start left (the server, tsx's esbuild) is in
// one process group that is stopped at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../tests/helpers/server-process';

const IDLE_MS = 30_000;

/** Resident memory of every process in the group, from /proc (Linux). */
function groupRss(pgid: number): { pid: number; name: string; rssKiB: number }[] {
  const rows = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces; the fields after its closing parenthesis do not.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      rows.push({ pid: Number(entry), name: cmdline.map((part) => path.basename(part)).join(' '), rssKiB });
    } catch {
      // The process ended while it was being read.
    }
  }
  return rows;
}

async function startAndMeasure(dataDir: string) {
  const started = Date.now();
  // detached: its own process group, so the whole tree (the server and the esbuild it starts) is stopped.
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pgid = child.pid as number;
  const stop = () => {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  };
  process.once('exit', stop);
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const onData = (data: Buffer) => {
        out += data.toString();
        if (out.includes('Parley is listening')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) =>
        reject(new Error(`the server ended (exit ${code}) before listening:\n${out}`)),
      );
    });
    const listeningMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rows = groupRss(pgid);
    const server = rows.find((row) => row.pid === pgid);
    return { listeningMs, rows, serverKiB: server?.rssKiB ?? 0 };
  } finally {
    stop();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {}
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
    });
    process.off('exit', stop);
  }
}

export async function benchServerMemory() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-memory-'));
  try {
    const mib = (kib: number) => (kib / 1024).toFixed(0);
    console.log(`\n## Server memory idle (${IDLE_MS / 1000} s after listening, PGlite)\n`);
    console.log(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log('| start | listening after s | server RSS MiB | all its processes MiB | goal 300 MiB |');
    console.log('|---|---:|---:|---:|:---:|');
    for (const start of ['fresh data dir', 'restart']) {
      const { listeningMs, rows, serverKiB } = await startAndMeasure(dataDir);
      const all = rows.reduce((sum, row) => sum + row.rssKiB, 0);
      console.log(
        `| ${start} | ${(listeningMs / 1000).toFixed(1)} | ${mib(serverKiB)} | ${mib(all)} | ${serverKiB <= 300 * 1024 ? 'yes' : 'no'} |`,
      );
      for (const row of rows) console.error(`  ${start}: ${row.name.slice(0, 100)} ${mib(row.rssKiB)} MiB`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServerMemory();
