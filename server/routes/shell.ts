import { Hono } from 'hono';
import { ShellPaths } from '../../src/api/contract.js';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '../../src/api/contract-shell.js';
import { ClientErrorReport, UserFeedbackRequest } from '../../src/api/schemas-shell.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';
import { createLocalRateLimiter } from '../services/rate-limit.js';

// Crash reports need no login (a crash can come before the caller is known), so they are limited per address.
const crashReports = createLocalRateLimiter('client-errors', CLIENT_ERROR_REPORTS_PER_MINUTE, 60_000);

export const shellRoutes = new Hono<AppEnv>()
  .post(ShellPaths.feedback, async (c) => {
    const caller = requireCaller(c);
    const input = await readJson(c, UserFeedbackRequest);
    return ok(c, await c.get('services').feedback.submit(caller, input));
  })
  .get(ShellPaths.myFeedback, async (c) => ok(c, await c.get('services').feedback.mine(requireCaller(c))))
  .post(ShellPaths.clientError, async (c) => {
    const report = await readJson(c, ClientErrorReport);
    if (await crashReports.take(c.get('info').ip))
      c.get('services').logger.warn({ clientError: report }, 'UI crash');
    return ok(c, null);
  })
  .get(ShellPaths.appLinks, (c) => ok(c, c.get('services').config.links));
