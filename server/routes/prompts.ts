import { type Context, Hono } from 'hono';
import { AnalyticsDailyQuery, AnalyticsEventsRequest } from '../../common/contract/analytics.schema.js';
import { AnalyticsPaths, PromptPaths, SharePaths } from '../../common/contract/index.js';
import {
  AddPromptRequest,
  PromptId,
  PromptInstanceRequest,
  PromptListQuery,
  RecentSearchRequest,
  UpdatePromptRequest,
} from '../../common/contract/prompts.schema.js';
import {
  CreateShareRequest,
  MySharesQuery,
  RevokeShareRequest,
  ShareKeyQuery,
  ShareKeyRequest,
} from '../../common/contract/shares.schema.js';
import { notFound, tooManyRequests } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readJsonValue, readQuery } from '../http/validate.js';
import { countryOf } from '../services/geoip.js';

const promptIdParam = (raw: string) => {
  const parsed = PromptId.safeParse(raw);
  if (!parsed.success) throw notFound('prompt.notFound');
  return parsed.data;
};

/** A malformed key answers exactly like an unknown one. */
const shareKeyOf = (c: Context<AppEnv>) => {
  const parsed = ShareKeyQuery.safeParse(c.req.query());
  if (!parsed.success) throw notFound('share.notFound');
  return parsed.data.shareKey;
};

export const extrasRoutes = new Hono<AppEnv>()
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
  })
  // Sharing: the three reads need no login; the key alone opens one snapshot and nothing else.
  .post(SharePaths.create, async (c) => {
    const caller = requireCaller(c);
    const { channelId } = await readJson(c, CreateShareRequest);
    return ok(c, await c.get('services').shares.create(caller, channelId));
  })
  .get(SharePaths.mine, async (c) => {
    const caller = requireCaller(c);
    const { channelId } = readQuery(c, MySharesQuery);
    return ok(c, await c.get('services').shares.mine(caller, channelId));
  })
  .post(SharePaths.revoke, async (c) => {
    const caller = requireCaller(c);
    const { shareId } = await readJson(c, RevokeShareRequest);
    return ok(c, await c.get('services').shares.revoke(caller, shareId));
  })
  .get(SharePaths.preview, async (c) => ok(c, await c.get('services').shares.preview(shareKeyOf(c))))
  .get(SharePaths.detail, async (c) => ok(c, await c.get('services').shares.detail(shareKeyOf(c))))
  .get(SharePaths.conversation, async (c) =>
    ok(c, await c.get('services').shares.conversation(shareKeyOf(c))),
  )
  .post(SharePaths.createChannelByShareKey, async (c) => {
    const caller = requireCaller(c);
    const parsed = ShareKeyRequest.safeParse(await readJsonValue(c).catch(() => null));
    if (!parsed.success) throw notFound('share.notFound');
    const { shareKey } = parsed.data;
    return ok(c, await c.get('services').shares.createChannel(caller, shareKey));
  })
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
  });
