// A throwaway PostgreSQL cluster from Debian's packages, on 127.0.0.1 in a temp dir, for the server tests.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function postgresBin(): string {
  const find = () =>
    fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
          .find((dir) => fs.existsSync(`${dir}/postgres`))
      : undefined;
  let dir = find();
  if (!dir) {
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    dir = find();
  }
  if (!dir) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return dir;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
  /** At once and synchronously (a process that is exiting): the postmaster ends without waiting, files go. */
  kill(): void;
}

/** `durable`: fsync and synchronous commits on, as in production (a benchmark); tests skip them for speed. */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-pg-'));
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  // initdb refuses to run as root: the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  if (asRoot) {
    fs.chmodSync(root, 0o755);
    execFileSync('chown', ['postgres', root]);
  }
  run(`${bin}/initdb`, ['-D', dataDir, '-U', 'parley', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    root,
    ...(options.durable ? [] : ['-F', '-c', 'fsync=off', '-c', 'synchronous_commit=off']),
  ];
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', `${bin}/postgres`, ...args], { stdio: 'ignore' })
    : spawn(`${bin}/postgres`, args, { stdio: 'ignore' });

  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ready) break;
    if (Date.now() > deadline) throw new Error('PostgreSQL did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 300));
  return {
    url: `postgres://parley@127.0.0.1:${port}/postgres`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // pg_ctl stops the server itself; a signal to runuser would not reach it.
      run(`${bin}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      child.unref();
      fs.rmSync(root, { recursive: true, force: true });
    },
    kill() {
      try {
        const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        // SIGQUIT: PostgreSQL's immediate shutdown.
        process.kill(pid, 'SIGQUIT');
      } catch {
        // Not running any more.
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
