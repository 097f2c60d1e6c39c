// Chats: the caller's channels (list, rename, delete, detail), send with its streamed answer, stop, feedback.
import { Hono } from 'hono';
import {
  ChannelIdRequest,
  FeedbackRequest,
  RenameChannelRequest,
  SendRequest,
  StopRequest,
} from '../../common/contract/chat.schema.js';
import { humanCheckedSendOf, Paths } from '../../common/contract/index.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { lastEventId, streamRun } from '../http/sse-run.js';
import { readJson } from '../http/validate.js';

export const chatRoutes = new Hono<AppEnv>()
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
  })
  .post(Paths.send, async (c) => {
    const { chat, captcha } = c.get('services');
    // The body is read, and its requestId looked up, while the session is read (app.ts); the caller is
    // checked first all the same, so a send without a session is a 401 whatever its body.
    const body = readJson(c, SendRequest);
    body.catch(() => {});
    const lookedUp = c.get('info').token ? body.then((request) => chat.lookUp(request.requestId)) : undefined;
    lookedUp?.catch(() => {});
    await c.get('sessionRead');
    const caller = requireCaller(c);
    const request = await body;
    // Errors before the stream opens answer as a JSON envelope; the client checks the content type.
    const run = await chat.start(
      caller,
      request,
      c.get('info').language,
      c.get('callerUser'),
      (user) =>
        captcha.requireForSend(
          caller,
          humanCheckedSendOf(request),
          (name) => c.req.header(name),
          c.get('info').ip,
          user,
        ),
      lastEventId(c) >= 0,
      lookedUp,
    );
    return streamRun(c, run);
  })
  .post(Paths.stop, async (c) => {
    const caller = requireCaller(c);
    const { requestId } = await readJson(c, StopRequest);
    await c.get('services').chat.stop(caller, requestId);
    return ok(c, true);
  })
  .post(Paths.feedback, async (c) => {
    const caller = requireCaller(c);
    const { messageId, type, reason } = await readJson(c, FeedbackRequest);
    return ok(c, await c.get('services').chat.feedback(caller, messageId, type, reason ?? null));
  });
