// Analytics events from the client's queue, daily counts for operators, and UI crash reports.
import { Hono } from 'hono';
import {
  AnalyticsDailyQuery,
  AnalyticsEventsRequest,
  ClientErrorReport,
} from '../../common/contract/analytics.schema.js';
import { AnalyticsPaths, CLIENT_ERROR_REPORTS_PER_MINUTE } from '../../common/contract/index.js';
import { tooManyRequests } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';
import { countryOf } from '../services/geoip.js';
import { createLocalRateLimiter } from '../services/rate-limit.js';

// Crash reports need no login (a crash can come before the caller is known), so they are limited per address.
const crashReports = createLocalRateLimiter('client-errors', CLIENT_ERROR_REPORTS_PER_MINUTE, 60_000);

export const analyticsRoutes = new Hono<AppEnv>()
  // Analytics: no login needed (the browser's consent decides, see src/workers/analytics.ts).
  .post(AnalyticsPaths.events, async (c) => {
    const { ip } = c.get('info');
    if (!(await c.get('services').analyticsLimiter.take(ip))) throw tooManyRequests();
    const { events } = await readJson(c, AnalyticsEventsRequest);
    const stored = await c.get('services').analytics.store(events, { ip, country: countryOf(ip) });
    return ok(c, { stored });
  })
  .get(AnalyticsPaths.daily, async (c) => {
    const { days } = readQuery(c, AnalyticsDailyQuery);
    return ok(c, await c.get('services').analytics.daily(requireCaller(c), days));
  })
  .post(AnalyticsPaths.clientError, async (c) => {
    const report = await readJson(c, ClientErrorReport);
    if (await crashReports.take(c.get('info').ip))
      c.get('services').logger.warn({ clientError: report }, 'UI crash');
    return ok(c, null);
  });
