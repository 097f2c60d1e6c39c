import { Hono } from 'hono';
import { VisitRequest } from '../../common/contract/auth.schema.js';
import { Paths } from '../../common/contract/index.js';
import { tooManyRequests } from '../errors.js';
import { type AppEnv, ok } from '../http/context.js';
import { readJson } from '../http/validate.js';

export const authRoutes = new Hono<AppEnv>().post(Paths.visit, async (c) => {
  const services = c.get('services');
  if (!(await services.visitLimiter.take(c.get('info').ip))) throw tooManyRequests();
  const { sign } = await readJson(c, VisitRequest);
  const token = await services.visit.visit(sign);
  return ok(c, { token });
});

export const visitKeyRoute = new Hono<AppEnv>().get(Paths.visitKey, (c) =>
  ok(c, { key: c.get('services').visitKeys.publicKeySpki }),
);
