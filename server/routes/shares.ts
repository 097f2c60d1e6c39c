// Shared chats: create, list and revoke links (owner only), and read a snapshot by its key (anyone).
import { type Context, Hono } from 'hono';
import { SharePaths } from '../../common/contract/index.js';
import {
  CreateShareRequest,
  MySharesQuery,
  RevokeShareRequest,
  ShareKeyQuery,
  ShareKeyRequest,
} from '../../common/contract/shares.schema.js';
import { notFound } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson, readJsonValue, readQuery } from '../http/validate.js';

/** A malformed key answers exactly like an unknown one. */
const shareKeyOf = (c: Context<AppEnv>) => {
  const parsed = ShareKeyQuery.safeParse(c.req.query());
  if (!parsed.success) throw notFound('share.notFound');
  return parsed.data.shareKey;
};

export const shareRoutes = new Hono<AppEnv>()
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
  });
