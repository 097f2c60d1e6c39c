// Login lifetimes: a session older than the absolute lifetime or unused for the idle lifetime is refused;
// one in use slides its idle window forward (written at most once per renewal interval).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { sha256 } from '../../server/ids';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

const DAY_MS = 24 * 60 * 60_000;

describe.each(DATABASES)('session lifetimes on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { sessions: { idleDays: 30, maxDays: 180, renewMinutes: 60 } });
  });
  afterAll(() => server.close());

  const ago = (ms: number) => new Date(Date.now() - ms);
  const setTimes = (token: string, times: { createdAt?: Date; lastUsedAt?: Date }) =>
    server.services.db
      .update(sessions)
      .set(times)
      .where(eq(sessions.tokenHash, sha256(token)));
  const lastUsed = async (token: string) =>
    (
      await server.services.db
        .select({ at: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
    )[0].at;
  const channels = (token: string) => call(server.url, 'GET', '/api/v1/chat/myChannelList', { token });

  it('a session created 400 days ago is refused although it was used yesterday', async () => {
    const token = await newGuest(server.url);
    expect((await channels(token)).status).toBe(200);
    await setTimes(token, { createdAt: ago(400 * DAY_MS), lastUsedAt: ago(DAY_MS) });
    expect((await channels(token)).status).toBe(401);
  });

  it('a session unused for longer than the idle lifetime is refused', async () => {
    const token = await newGuest(server.url);
    await setTimes(token, { createdAt: ago(40 * DAY_MS), lastUsedAt: ago(31 * DAY_MS) });
    expect((await channels(token)).status).toBe(401);
  });

  it('a session used after the renewal interval is renewed; within it nothing is written', async () => {
    const token = await newGuest(server.url);
    await setTimes(token, { createdAt: ago(20 * DAY_MS), lastUsedAt: ago(29 * DAY_MS) });
    expect((await channels(token)).status).toBe(200);
    const renewed = await lastUsed(token);
    expect(Date.now() - renewed.getTime()).toBeLessThan(60_000);
    expect((await channels(token)).status).toBe(200);
    expect((await lastUsed(token)).getTime()).toBe(renewed.getTime());
  });
});
