import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList, TipsResponse } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { loginMember } from '../helpers/billing';
import { call, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe('the teams experiment and the sales contact', () => {
  let server: TestServer;
  beforeAll(async () => {
    const config = loadConfig({
      EXPERIMENTS: 'teams:A,guest:off',
      BILLING_TEAMS_CONTACT: 'sales@example.com',
    });
    server = await startTestServer('pglite', { billing: config.billing, experiments: config.experiments });
  });
  afterAll(() => server.close());

  const variants = async (token: string) =>
    (
      await call<TipsResponse>(server.url, 'POST', '/api/v1/user/tips', {
        token,
        body: { abKeyList: ['teams', 'guest', 'upgrade'] },
      })
    ).body.data.abResList;

  it('pinned experiments answer every caller the same; the products list names the contact', async () => {
    for (const token of [await newGuest(server.url), await loginMember(server, 'team-lead@example.com')]) {
      const [teams, guest, upgrade] = await variants(token);
      expect(teams).toEqual({ key: 'teams', value: 'A' });
      expect(guest).toEqual({ key: 'guest', value: '' });
      expect(['A', 'B']).toContain(upgrade?.value);
      const list = await call<ProductList>(server.url, 'GET', '/api/v1/membership/allProducts', { token });
      expect(list.body.data.teamsContact).toBe('sales@example.com');
    }
  });

  it('without BILLING_TEAMS_CONTACT the products list has no contact', async () => {
    const plain = await startTestServer('pglite');
    try {
      const list = await call<ProductList>(plain.url, 'GET', '/api/v1/membership/allProducts', {
        token: await newGuest(plain.url),
      });
      expect(list.body.data.teamsContact).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
