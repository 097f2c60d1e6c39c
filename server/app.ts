// Builds the HTTP app from ready services; used by index.ts and by the tests (on a real port).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { Paths, ResponseCode } from '../common/contract/index.js';
import { AppError, badRequest } from './errors.js';
import { bodyLimits } from './http/body-limits.js';
import { type AppEnv, errorEnvelope, readRequestInfo } from './http/context.js';
import { securityHeaders } from './http/security-headers.js';
import { directStreams } from './http/sse-run.js';
import { staticRoutes } from './http/static.js';
import { analyticsRoutes } from './routes/analytics.js';
import { authRoutes, devMailboxRoute, visitKeyRoute } from './routes/auth.js';
import { billingRoutes } from './routes/billing.js';
import { captchaRoutes } from './routes/captcha.js';
import { chatRoutes } from './routes/chat.js';
import { creationRoutes } from './routes/creation.js';
import { documentImageRoutes } from './routes/document-images.js';
import { documentRoutes } from './routes/documents.js';
import { feedbackRoutes } from './routes/feedback.js';
import { landingRoutes } from './routes/landing.js';
import { promptRoutes } from './routes/prompts.js';
import { shareRoutes } from './routes/shares.js';
import { socialLoginRoutes } from './routes/social-login.js';
import { testpayRoutes } from './routes/testpay-pages.js';
import { testWalletRoutes } from './routes/testwallet-pages.js';
import { uploadRoutes } from './routes/uploads.js';
import { userRoutes } from './routes/user.js';
import { writingRoutes } from './routes/writing.js';
import type { Services } from './services/index.js';

export function createApp(services: Services) {
  const app = new Hono<AppEnv>();

  // First, so that its part after the others runs last: a chat stream starts once every header is set.
  app.use('*', directStreams());
  app.use('*', securityHeaders(services.config));
  app.use('*', async (c, next) => {
    const info = readRequestInfo(c, services.config.trustProxy);
    c.set('info', info);
    c.set('services', services);
    // A NUL in a path segment or query value would reach the database as text PostgreSQL refuses.
    if (/%00/i.test(c.req.url)) return errorEnvelope(c, badRequest('common.badRequest'));
    const api =
      c.req.path.startsWith('/api/') || c.req.path.startsWith('/py/api/') || c.req.path.startsWith('/bloom/');
    const reading = api ? services.sessions.resolveWithUser(info.token) : null;
    const settle = (session: Awaited<typeof reading>) => {
      c.set('caller', session?.caller ?? null);
      c.set('callerUser', session?.user ?? null);
    };
    if (reading && c.req.method === 'POST' && c.req.path === Paths.send) {
      // A chat send reads its body and looks up its requestId while its session is read (routes/chat.ts waits
      // for it with sessionRead): one round trip to the database fewer before a lone chat's first token.
      settle(null);
      const read = reading.then(settle);
      read.catch(() => {});
      c.set('sessionRead', read);
      return next();
    }
    settle(await reading);
    await next();
  });

  // Before any route reads a body: a body past its route's limit is refused while it arrives.
  app.use('*', bodyLimits(services.config.bodyMaxBytes));

  app.onError((error, c) => {
    if (error instanceof AppError) return errorEnvelope(c, error);
    services.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return errorEnvelope(
      c,
      new AppError(ResponseCode.ServerError, 'common.serverError', { httpStatus: 500 }),
    );
  });

  // Liveness: the process answers. Readiness: it takes new requests (its database answers, not shutting down);
  // a load balancer stops sending to an instance whose readiness fails.
  app.get('/api/v1/health', (c) => c.json({ code: 200, msg: 'success', data: { ok: true } }));
  app.get('/api/v1/ready', async (c) => {
    const ready =
      !services.lifecycle.draining &&
      (await services.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ));
    return c.json(
      { code: ready ? 200 : 503, msg: ready ? 'success' : 'not ready', data: { ready } },
      ready ? 200 : 503,
    );
  });
  app.route('/', authRoutes);
  app.route('/', visitKeyRoute);
  app.route('/', landingRoutes);
  app.route('/', socialLoginRoutes);
  app.route('/', chatRoutes);
  app.route('/', captchaRoutes);
  app.route('/', userRoutes);
  app.route('/', uploadRoutes);
  app.route('/', documentRoutes);
  app.route('/', documentImageRoutes);
  app.route('/', writingRoutes);
  app.route('/', promptRoutes);
  app.route('/', shareRoutes);
  app.route('/', analyticsRoutes);
  app.route('/', creationRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', billingRoutes);
  app.route('/', testpayRoutes);
  app.route('/', testWalletRoutes);
  app.route('/', devMailboxRoute);
  app.route('/', staticRoutes(services.config.staticDir, services.visitKeys.publicKeySpki));
  return app;
}
