// Runs Parley as its own operating-system process (`server/index.ts`, as `npm start` does), so a test can
// kill it with SIGKILL and start it again on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Node's arguments for the server, as `npm start` gives them (package.json): a young generation of 4 MiB
 * semi-spaces instead of 16 keeps the server's memory at 400 streams some 60 MiB lower at the same CPU.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4', '--import', 'tsx', 'server/index.ts'];

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

export interface ServerProcess {
  url: string;
  dataDir: string;
  /** The running process's id (an instance's answer leases name it: `<pid>-<random>`). */
  pid(): number | undefined;
  /** SIGKILL: no shutdown handler runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown an orchestrator asks for. */
  terminate(): Promise<void>;
  /** Sends a signal and returns at once (SIGSTOP/SIGCONT: a stalled process). */
  signal(signal: NodeJS.Signals): void;
  /** Starts the server again on the same data and port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-proc-'));
  fs.mkdirSync(path.join(dataDir, 'no-client'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function launch() {
    child = spawn(process.execPath, SERVER_NODE_ARGS, {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-client'),
        LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${url}/api/v1/auth/visitKey`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop(signal: NodeJS.Signals) {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  }

  await launch();
  return {
    url,
    dataDir,
    pid: () => (child as ChildProcess | null)?.pid,
    kill: () => stop('SIGKILL'),
    terminate: () => stop('SIGTERM'),
    signal: (signal) => {
      (child as ChildProcess | null)?.kill(signal);
    },
    restart: launch,
    async close() {
      await stop('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
