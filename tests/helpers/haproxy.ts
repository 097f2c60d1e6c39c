// Debian's HAProxy in front of test instances, run with the very config docs/deploy.md shows operators (its
// `haproxy` block), only the listening address and the instances' addresses swapped for the test's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const HAPROXY = '/usr/sbin/haproxy';
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

/** The example config of docs/deploy.md, with `bind` and `server` lines pointed at these addresses. */
export function haproxyConfigFromDocs(listenPort: number, instances: string[]): string {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');
  const block = /```haproxy\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploy.md has no ```haproxy block');
  const lines = block.split('\n');
  const isBind = (line: string) => /^\s*bind\s/.test(line);
  const isServer = (line: string) => /^\s*server\s/.test(line);
  // A doc that no longer has this shape fails here rather than testing some other config.
  if (lines.filter(isBind).length !== 1 || !lines.some(isServer))
    throw new Error('the haproxy block of docs/deploy.md needs one `bind` line and `server` lines');
  const out: string[] = [];
  for (const line of lines) {
    if (isBind(line)) out.push(`    bind 127.0.0.1:${listenPort}`);
    else if (isServer(line)) {
      // All instances where the doc lists its first one, each keeping the doc's options (`check`).
      if (out.some(isServer)) continue;
      const options = line.trim().split(/\s+/).slice(3).join(' ');
      instances.forEach((instance, i) => {
        out.push(`    server i${i} ${new URL(instance).host} ${options}`);
      });
    } else out.push(line);
  }
  return out.join('\n');
}

function ensureInstalled() {
  if (fs.existsSync(HAPROXY)) return;
  // The same script that installs Debian's Chromium and PostgreSQL for the suite.
  execFileSync('bash', [path.join(ROOT, 'scripts/ensure-system-deps.sh')], { stdio: 'inherit' });
  if (!fs.existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing after installing haproxy`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startHaproxy(instances: string[]): Promise<LoadBalancer> {
  ensureInstalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-haproxy-'));
  const port = await freePort();
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(config, `${haproxyConfigFromDocs(port, instances)}\n`);
  execFileSync(HAPROXY, ['-c', '-q', '-f', config], { stdio: 'inherit' });
  // -db: in the foreground, so the test owns the process and stops it.
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('haproxy did not pass requests within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
