// Start-up shared by `npm start` and the tests: config -> database -> services -> HTTP server.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createLogger } from './logger.js';
import { createAiProvider } from './providers/ai/index.js';
import { createLocalAnswerBus, createPostgresAnswerBus } from './services/chat/answer-bus.js';
import { createServices, type Services } from './services/index.js';
import { shareServerKeys } from './services/shared-keys.js';

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  /** The HTTP app: its route table lets a test check that every route is covered. */
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

export async function startServer(
  overrides: Partial<Config> = {},
  env = process.env,
): Promise<RunningServer> {
  const config = { ...loadConfig(env), ...overrides };
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config);
  const ai = createAiProvider(config);
  if (database.postgres) await shareServerKeys(database.db, config.dataDir);
  const bus = database.postgres
    ? await createPostgresAnswerBus({ ...database.postgres, logger })
    : createLocalAnswerBus();
  const services = createServices({
    config,
    db: database.db,
    streamDb: database.streamDb,
    ai,
    logger,
    bus,
    postgres: database.postgres,
  });
  await services.chat.adoptInterrupted();
  await services.presentations.adoptInterrupted();
  await services.billing.seed();
  const app = createApp(services);

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  // The test provider delivers webhooks left over from before a restart, then renews on a timer.
  services.billing.setSelfUrl(url);
  void services.billing.testpay.flush().catch(() => {});
  void services.billing.testWallet?.flush().catch(() => {});
  const billingTimer = setInterval(() => {
    void services.billing.testpay.tick().catch((err) => logger.warn({ err }, 'test provider tick failed'));
    void services.billing.testWallet?.tick().catch((err) => logger.warn({ err }, 'test wallet tick failed'));
    void services.billing.endCancelled().catch((err) => logger.warn({ err }, 'ending plans failed'));
  }, config.billing.testpayTickMs);
  billingTimer.unref();
  logger.info(
    { url, database: database.kind, ai: ai.offline ? 'built-in offline model' : config.ai.baseUrl },
    'Parley is listening',
  );
  if (services.mailer.operatorToken)
    logger.warn(
      { devMailbox: `${config.publicBaseUrl ?? url}/dev/mailbox?token=${services.mailer.operatorToken}` },
      'No SMTP_URL: login codes are kept in the dev mailbox (and this log). Browsers on this machine see the codes they asked for there; this link (new at every start) shows all of them to the operator from anywhere',
    );
  return {
    url,
    port,
    services,
    app,
    async close() {
      services.lifecycle.draining = true;
      clearInterval(billingTimer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open SSE streams would keep close() waiting forever.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await Promise.all([services.chat.shutdown(), services.presentations.shutdown()]);
      await bus.close();
      await database.close();
    },
  };
}
