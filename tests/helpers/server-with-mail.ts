// A test server that mails through a fresh SMTP sink: both started before a suite's tests, stopped after.
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { type DatabaseKind, startTestServer, type TestServer } from './server';
import { startSmtpSink } from './smtp-sink';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** Read `env.server` and `env.smtp` inside tests: they are set by then. */
export function serverWithMailSink(kind: DatabaseKind, overrides: Partial<Config> = {}) {
  const env = {} as { server: TestServer; smtp: SmtpSink };
  beforeAll(async () => {
    env.smtp = await startSmtpSink();
    env.server = await startTestServer(kind, {
      ...overrides,
      mail: { smtpUrl: env.smtp.url, from: 'Parley <no-reply@parley.test>' },
    });
  });
  afterAll(async () => {
    await env.server?.close();
    await env.smtp?.close();
  });
  return env;
}
