import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpInfo } from '../../common/contract';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('ip lookup on %s', (kind) => {
  let server: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: true });
    direct = await startTestServer(kind, { trustProxy: false });
  });
  afterAll(async () => {
    await server.close();
    await direct.close();
  });

  const lookup = (target: TestServer, forwardedFor: string) =>
    call<IpInfo>(target.url, 'GET', '/api/v1/tool/ip', { headers: { 'X-Forwarded-For': forwardedFor } });

  it('an EU address gets the cookie-banner flag, a non-EU one does not', async () => {
    expect((await lookup(server, '85.214.132.117')).body.data).toEqual({
      ip: '85.214.132.117',
      country: 'DE',
      isEuMember: true,
    });
    expect((await lookup(server, '8.8.8.8, 10.0.0.1')).body.data).toEqual({
      ip: '8.8.8.8',
      country: 'US',
      isEuMember: false,
    });
  });

  it('X-Forwarded-For is ignored unless the operator trusts a proxy', async () => {
    const info = (await lookup(direct, '85.214.132.117')).body.data;
    expect(info.ip).toBe('127.0.0.1');
    expect(info.isEuMember).toBe(false);
  });
});
