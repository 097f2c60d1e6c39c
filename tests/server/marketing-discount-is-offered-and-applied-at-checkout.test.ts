import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketingActive, TEST_CARDS } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { billingDetail, loginMember, payWithCard } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('the marketing discount on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      billing: { ...loadConfig({ MARKETING_COUPON: 'spring:0.2:0.3:Spring sale' }).billing },
    });
  });
  afterAll(() => server.close());

  it('marketing/active names the coupon; checkWithCoupon applies it; an unknown coupon is refused', async () => {
    const token = await loginMember(server, 'spring@example.com');
    const active = await call<MarketingActive>(server.url, 'POST', '/api/v1/marketing/active', { token });
    expect(active.body.data.discountCoupon).toEqual({
      monthlyDiscount: 0.2,
      yearlyDiscount: 0.3,
      desc: 'Spring sale',
      period: '',
      url: null,
      discountCouponCode: 'SPRING',
    });
    const refused = await payWithCard(server, token, {
      path: '/api/v1/stripe/checkWithCoupon',
      productId: 'pro-month-g0',
      card: TEST_CARDS.succeeds,
      query: { coupon: 'STAY30' },
    });
    expect(refused.started.msg).toBe('This discount is not available.');
    await payWithCard(server, token, {
      path: '/api/v1/stripe/checkWithCoupon',
      productId: 'pro-month-g0',
      card: TEST_CARDS.succeeds,
      query: { coupon: 'spring' },
    });
    expect((await billingDetail(server, token)).data).toMatchObject({
      discountPercent: 20,
      nextCharge: 799,
      activity: 'SPRING',
    });
  });

  it('without MARKETING_COUPON there is no discount', async () => {
    const plain = await startTestServer(kind);
    try {
      const active = await call<MarketingActive>(plain.url, 'POST', '/api/v1/marketing/active', {});
      expect(active.body.data.discountCoupon).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
