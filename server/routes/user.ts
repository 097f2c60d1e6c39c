// The signed-in user: info, properties, tips, usage, connectors, document settings, and what the server sees of the
// network.
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type IpInfo, Paths, ResponseCode } from '../../common/contract/index.js';
import {
  DeleteAccountRequest,
  DocumentSettingsRequest,
  TipsRequest,
  UpdateConnectorRequest,
} from '../../common/contract/user.schema.js';
import { users } from '../db/schema.js';
import { AppError, tooManyRequests } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { readJson } from '../http/validate.js';
import { countryOf, isEuMember } from '../services/geoip.js';
import { currentUser } from '../services/user/user-info.js';

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
  // Every row of the account and its files no one else holds; the plan is cancelled with its provider first.
  .post(Paths.deleteAccount, async (c) => {
    const caller = requireCaller(c);
    const { confirm } = await readJson(c, DeleteAccountRequest);
    await c.get('services').accountDeletion.remove(caller, confirm);
    return ok(c, true);
  })
  // A signed link the browser then downloads the caller's zip from (no Authorization header needed there).
  .post(Paths.exportData, async (c) => {
    const caller = requireCaller(c);
    const { accountExport, exportLimiter } = c.get('services');
    if (!(await exportLimiter.take(caller.userId))) throw tooManyRequests();
    return ok(c, {
      url: `${Paths.exportDownload}?token=${accountExport.link(caller, c.get('info').language)}`,
    });
  })
  .get(Paths.exportDownload, async (c) => {
    const { accountExport, db } = c.get('services');
    const link = accountExport.open(c.req.query('token'));
    const [user] = link
      ? await db.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).limit(1)
      : [];
    if (!user || !link)
      throw new AppError(ResponseCode.NotFound, 'account.exportLinkExpired', { httpStatus: 404 });
    const zip = accountExport.stream(user.id, link.language);
    if (!zip) throw new AppError(ResponseCode.TooManyRequests, 'account.exportRunning', { httpStatus: 429 });
    c.header('Content-Type', 'application/zip');
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Disposition',
      `attachment; filename="parley-export-${new Date().toISOString().slice(0, 10)}.zip"`,
    );
    return c.body(Readable.toWeb(zip) as unknown as ReadableStream);
  })
  .get(Paths.documentSettings, async (c) =>
    ok(c, await c.get('services').userSettings.documentSettings(requireCaller(c))),
  )
  .post(Paths.documentSettings, async (c) => {
    const caller = requireCaller(c);
    const request = await readJson(c, DocumentSettingsRequest);
    return ok(c, await c.get('services').userSettings.updateDocumentSettings(caller, request));
  })
  .get(Paths.currentUser, async (c) => ok(c, await currentUser(c.get('services').db, requireCaller(c))))
  .get(Paths.ip, (c) => {
    const { ip } = c.get('info');
    const country = countryOf(ip);
    const info: IpInfo = { ip, country, isEuMember: isEuMember(country) };
    return ok(c, info);
  });
