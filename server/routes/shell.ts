import { Hono } from 'hono';
import { ShellPaths } from '../../src/api/contract.js';
import { UserFeedbackRequest } from '../../src/api/schemas-shell.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';

export const shellRoutes = new Hono<AppEnv>()
  .post(ShellPaths.feedback, async (c) => {
    const caller = requireCaller(c);
    const input = await readJson(c, UserFeedbackRequest);
    return ok(c, await c.get('services').feedback.submit(caller, input));
  })
  .get(ShellPaths.myFeedback, async (c) => ok(c, await c.get('services').feedback.mine(requireCaller(c))))
  .get(ShellPaths.appLinks, (c) => ok(c, c.get('services').config.links));
