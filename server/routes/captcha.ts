// The human check's challenge: open to anyone, since it guards calls made before a login exists.
import { Hono } from 'hono';
import { CaptchaPaths } from '../../common/contract/index.js';
import { type AppEnv, ok } from '../http/context.js';

export const captchaRoutes = new Hono<AppEnv>().get(CaptchaPaths.challenge, async (c) => {
  c.header('Cache-Control', 'no-store');
  return ok(c, await c.get('services').captcha.challenge());
});
