// Starts the real server on a real port, on PGlite or on PostgreSQL (a fresh database per server), and
// gives a small client: guest visits, JSON calls and an SSE reader.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
  type Envelope,
  HUMAN_CHECK_HEADER,
  humanCheckedSendOf,
  type StreamChunk,
  type StreamMeta,
} from '../../common/contract';
import type { Config } from '../../server/config';
import { type RunningServer, startServer } from '../../server/start';
import { solveCaptcha } from './captcha';
import { type SsePostResult, ssePost } from './sse-post';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASES: DatabaseKind[] = ['pglite', 'postgres'];

export async function freshPostgresDatabase(): Promise<string> {
  const admin = inject('postgresUrl');
  const name = `parley_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

export interface TestServer extends RunningServer {
  dataDir: string;
}

export async function startTestServer(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  fs.mkdirSync(path.join(dataDir, 'no-client'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: kind === 'postgres' ? await freshPostgresDatabase() : null,
    logLevel: process.env.TEST_LOG ?? 'silent',
    offlineModel: { chunkDelayMs: 2 },
    ai: { baseUrl: null, apiKey: '', modelMap: {}, timeoutMs: 10_000 },
    rateLimit: {
      visitsPerMinute: 1000,
      codeSendsPerHourPerIp: 1000,
      loginAttemptsPerHourPerIp: 1000,
      sharesPerHourPerUser: 1000,
    },
    staticDir: path.join(dataDir, 'no-client'),
    // A real proof of work, light enough that many test logins stay quick on a shared machine.
    captcha: { cost: 50, maxCounter: 100, ttlSeconds: 600, turnstile: null },
    ...overrides,
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function visitSign(baseUrl: string, at = new Date()): Promise<string> {
  const { data } = (await (await fetch(`${baseUrl}/api/v1/auth/visitKey`)).json()) as Envelope<{
    key: string;
  }>;
  const key = crypto.createPublicKey({ key: Buffer.from(data.key, 'base64'), format: 'der', type: 'spki' });
  return crypto
    .publicEncrypt(
      { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(at.toISOString()),
    )
    .toString('base64');
}

export async function call<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  pathname: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = options.token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export async function newGuest(baseUrl: string): Promise<string> {
  const { body } = await call<{ token: string }>(baseUrl, 'POST', '/api/v1/auth/visit', {
    body: { sign: await visitSign(baseUrl) },
  });
  if (body.code !== 200) throw new Error(`visit failed: ${body.msg}`);
  return body.data.token;
}

export type StreamResult = SsePostResult<StreamChunk, StreamMeta>;

/**
 * Posts a chat send and reads its SSE stream; `stopAfterChunks` aborts the connection early. Like the app,
 * it passes the human check a user without a paid plan needs for a new answer (a solved token in the send's
 * header) unless `human: false` or the caller set a token header itself.
 */
export async function streamSend(
  baseUrl: string,
  token: string,
  body: Record<string, unknown>,
  options: {
    lastEventId?: number;
    stopAfterChunks?: number;
    headers?: Record<string, string>;
    human?: boolean;
  } = {},
): Promise<StreamResult> {
  const headers = { ...options.headers };
  const tokenHeaders = Object.values(HUMAN_CHECK_HEADER).map((h) => h.toLowerCase());
  if (options.human !== false && !Object.keys(headers).some((h) => tokenHeaders.includes(h.toLowerCase())))
    headers[HUMAN_CHECK_HEADER[humanCheckedSendOf(body)]] = await solveCaptcha(baseUrl);
  return ssePost<StreamChunk, StreamMeta>(`${baseUrl}/api/v1/chat/send`, token, body, {
    ...options,
    headers,
  });
}

export const joinContent = (chunks: StreamChunk[]) => chunks.map((c) => c.content ?? '').join('');

export async function waitFor<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
