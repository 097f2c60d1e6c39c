// Saved prompts: a user's own prompt list, add, edit, delete and recent searches.
import { Hono } from 'hono';
import { PromptPaths } from '../../common/contract/index.js';
import {
  AddPromptRequest,
  PromptId,
  PromptInstanceRequest,
  PromptListQuery,
  RecentSearchRequest,
  UpdatePromptRequest,
} from '../../common/contract/prompts.schema.js';
import { notFound } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readQuery } from '../http/validate.js';

const promptIdParam = (raw: string) => {
  const parsed = PromptId.safeParse(raw);
  if (!parsed.success) throw notFound('prompt.notFound');
  return parsed.data;
};

export const promptRoutes = new Hono<AppEnv>()
  .get(PromptPaths.list, async (c) => {
    const caller = requireCaller(c);
    const { start, limit } = readQuery(c, PromptListQuery);
    return ok(c, await c.get('services').prompts.list(caller, start, limit));
  })
  .post(PromptPaths.instance, async (c) => {
    const caller = requireCaller(c);
    const { start, limit, key } = await readJson(c, PromptInstanceRequest);
    return ok(c, await c.get('services').prompts.search(caller, start, limit, key));
  })
  .post(PromptPaths.add, async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.get('services').prompts.add(caller, await readJson(c, AddPromptRequest)));
  })
  .post(PromptPaths.recentSearch, async (c) => {
    const caller = requireCaller(c);
    const { key } = await readJson(c, RecentSearchRequest);
    return ok(c, await c.get('services').prompts.recentSearch(caller, key));
  })
  .put(`${PromptPaths.item}/:promptId`, async (c) => {
    const caller = requireCaller(c);
    const promptId = promptIdParam(c.req.param('promptId'));
    const input = await readJson(c, UpdatePromptRequest);
    return ok(c, await c.get('services').prompts.update(caller, promptId, input));
  })
  .delete(`${PromptPaths.item}/:promptId`, async (c) => {
    const caller = requireCaller(c);
    const promptId = promptIdParam(c.req.param('promptId'));
    return ok(c, await c.get('services').prompts.remove(caller, promptId));
  });
// Sharing: the three reads need no login; the key alone opens one snapshot and nothing else.;
