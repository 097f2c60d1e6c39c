import { Hono } from 'hono';
import { Paths } from '../../common/contract/index.js';
import { TipsRequest, UpdateConnectorRequest } from '../../common/contract/user.schema.js';
import { RELEASE_NOTES } from '../content/release-notes.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';

export const userRoutes = new Hono<AppEnv>()
  .get(Paths.userProperties, async (c) => {
    const caller = requireCaller(c);
    return ok(
      c,
      await c.get('services').userSettings.properties(caller, c.get('info').deviceInfo?.webId ?? ''),
    );
  })
  .post(Paths.tips, async (c) => {
    const caller = requireCaller(c);
    return ok(c, await c.get('services').userSettings.tips(caller, await readJson(c, TipsRequest)));
  })
  // Quotas come from the plan catalogue (services/billing/quotas.ts).
  .get(Paths.usage, async (c) => ok(c, await c.get('services').billing.meter.usage(requireCaller(c))))
  .get(Paths.checkConnector, async (c) =>
    ok(c, { connectors: await c.get('services').userSettings.connectors(requireCaller(c)) }),
  )
  .post(Paths.updateConnector, async (c) => {
    const caller = requireCaller(c);
    const { type, status } = await readJson(c, UpdateConnectorRequest);
    return ok(c, { connectors: await c.get('services').userSettings.updateConnector(caller, type, status) });
  })
  .get(Paths.releaseNotes, (c) => ok(c, RELEASE_NOTES[c.get('info').language]))
  .get(Paths.announcement, (c) => ok(c, c.get('services').config.announcement));
