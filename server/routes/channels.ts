import { Hono } from 'hono';
import { ChannelIdRequest, RenameChannelRequest } from '../../common/contract/chat.schema.js';
import { Paths } from '../../common/contract/index.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';

export const channelRoutes = new Hono<AppEnv>()
  .get(Paths.myChannelList, async (c) => ok(c, await c.get('services').channels.list(requireCaller(c))))
  .post(Paths.renameChannel, async (c) => {
    const caller = requireCaller(c);
    const { channelId, channelName } = await readJson(c, RenameChannelRequest);
    return ok(c, await c.get('services').channels.rename(caller, channelId, channelName));
  })
  .post(Paths.deleteChannel, async (c) => {
    const caller = requireCaller(c);
    const { channelId } = await readJson(c, ChannelIdRequest);
    await c.get('services').channels.remove(caller, channelId);
    return ok(c, true);
  })
  .post(Paths.getChannel, async (c) => {
    const caller = requireCaller(c);
    const { channelId } = await readJson(c, ChannelIdRequest);
    return ok(c, await c.get('services').channels.detail(caller, channelId));
  });
