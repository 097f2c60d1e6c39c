// User feedback: anyone may write one; each writer reads back only their own.
import { Hono } from 'hono';
import { UserFeedbackRequest } from '../../common/contract/feedback.schema.js';
import { FeedbackPaths } from '../../common/contract/index.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';

export const feedbackRoutes = new Hono<AppEnv>()
  .post(FeedbackPaths.feedback, async (c) => {
    const caller = requireCaller(c);
    const input = await readJson(c, UserFeedbackRequest);
    return ok(c, await c.get('services').feedback.submit(caller, input));
  })
  .get(FeedbackPaths.myFeedback, async (c) => ok(c, await c.get('services').feedback.mine(requireCaller(c))));
