import { Hono } from 'hono';
import { ClientErrorReport } from '../../common/contract/analytics.schema.js';
import { UserFeedbackRequest } from '../../common/contract/feedback.schema.js';
import {
  AnalyticsPaths,
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  FeedbackPaths,
  Paths,
} from '../../common/contract/index.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';
import { createLocalRateLimiter } from '../services/rate-limit.js';

// Crash reports need no login (a crash can come before the caller is known), so they are limited per address.
const crashReports = createLocalRateLimiter('client-errors', CLIENT_ERROR_REPORTS_PER_MINUTE, 60_000);

export const shellRoutes = new Hono<AppEnv>()
  .post(FeedbackPaths.feedback, async (c) => {
    const caller = requireCaller(c);
    const input = await readJson(c, UserFeedbackRequest);
    return ok(c, await c.get('services').feedback.submit(caller, input));
  })
  .get(FeedbackPaths.myFeedback, async (c) => ok(c, await c.get('services').feedback.mine(requireCaller(c))))
  .post(AnalyticsPaths.clientError, async (c) => {
    const report = await readJson(c, ClientErrorReport);
    if (await crashReports.take(c.get('info').ip))
      c.get('services').logger.warn({ clientError: report }, 'UI crash');
    return ok(c, null);
  })
  .get(Paths.appLinks, (c) => ok(c, c.get('services').config.links));
