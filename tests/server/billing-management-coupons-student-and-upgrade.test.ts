import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingDetail,
  type CouponPreview,
  TEST_CARDS,
  type UpgradeProducts,
  type UpgradeResult,
} from '../../common/contract';
import { studentCodes } from '../../server/db/schema';
import { answerChallenge, billingDetail, loginMember, me, payWithCard } from '../helpers/billing';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('managing a subscription on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const get = <T>(token: string, path: string) => call<T>(server.url, 'GET', path, { token });

  it('the retention coupon is offered once, previewed, applied, and undoes nothing else', async () => {
    const token = await loginMember(server, 'stay@example.com');
    await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const { subscriptionId } = (await billingDetail(server, token)).data!;
    expect((await get<boolean>(token, '/api/v1/billing/allowCancelDiscount')).body.data).toBe(true);
    const preview = await get<CouponPreview>(token, '/api/v1/billing/detailPreview?key=cancel');
    expect(preview.body.data).toEqual({
      discountPercent: 30,
      symbol: '$',
      amount: 999,
      discountAmount: 300,
      nextCharge: 699,
      subscriptionInterval: 'Month',
    });
    const applied = await get<BillingDetail>(
      token,
      `/api/v1/billing/cancelDiscount?subscriptionId=${subscriptionId}`,
    );
    expect(applied.body.data).toMatchObject({
      discountPercent: 30,
      nextCharge: 699,
      activity: 'CancelRetention',
    });
    expect((await get<boolean>(token, '/api/v1/billing/allowCancelDiscount')).body.data).toBe(false);
    const twice = await get(token, `/api/v1/billing/cancelDiscount?subscriptionId=${subscriptionId}`);
    expect(twice.body.msg).toBe('This discount is not available for your subscription.');
  });

  it('student discount: academic addresses only (10001), a wrong code is 10002, the right one applies it', async () => {
    const token = await loginMember(server, 'learner@example.com');
    await payWithCard(server, token, { productId: 'pro-year-g0', card: TEST_CARDS.succeeds });
    const { subscriptionId } = (await billingDetail(server, token)).data!;
    expect((await get<boolean>(token, '/api/v1/billing/allowStudentDiscount')).body.data).toBe(true);
    const send = (email: string) =>
      call(server.url, 'POST', '/api/v1/auth/toStudentEmailValidationCode', { token, body: { email } });
    expect((await send('learner@gmail.com')).body).toMatchObject({
      code: 10001,
      msg: 'Please enter your school or university email address.',
    });
    expect((await send('ada@cs.ox.ac.uk')).body.code).toBe(200);
    expect((await send('ada@cs.ox.ac.uk')).status).toBe(429);
    const code = server.services.mailer
      .recent()
      .find((m) => m.to === 'ada@cs.ox.ac.uk')
      ?.text.match(/\b\d{6}\b/)?.[0];
    const verify = (c: string) =>
      call<BillingDetail>(server.url, 'POST', '/api/v1/auth/studentEmailValidationCode', {
        token,
        body: { email: 'ada@cs.ox.ac.uk', code: c, subscriptionId },
      });
    const wrong = await verify(code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ code: 10002, msg: 'The verification code does not match.' });
    const right = await verify(` ${code} `);
    expect(right.body.data).toMatchObject({
      discountPercent: 50,
      activity: 'StudentSummer',
      nextCharge: 5035,
    });
    // Someone else cannot use their code on this subscription.
    const other = await loginMember(server, 'other-student@example.com');
    const stolen = await call(server.url, 'POST', '/api/v1/auth/studentEmailValidationCode', {
      token: other,
      body: { email: 'ada@cs.ox.ac.uk', code, subscriptionId },
    });
    expect(stolen.status).toBe(404);
  });

  it('student codes: 40 wrong guesses at once are judged at most 5 times; the right code then fails', async () => {
    const token = await loginMember(server, 'guesser@example.com');
    await payWithCard(server, token, { productId: 'pro-year-g0', card: TEST_CARDS.succeeds });
    const { subscriptionId } = (await billingDetail(server, token)).data!;
    const email = 'guess@uni.edu';
    await call(server.url, 'POST', '/api/v1/auth/toStudentEmailValidationCode', { token, body: { email } });
    const code = server.services.mailer
      .recent()
      .find((m) => m.to === email)
      ?.text.match(/\b\d{6}\b/)?.[0];
    const verify = (c: string) =>
      call<BillingDetail>(server.url, 'POST', '/api/v1/auth/studentEmailValidationCode', {
        token,
        body: { email, code: c, subscriptionId },
      });
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify(wrong)));
    expect(answers.every((a) => a.body.code === 10002)).toBe(true);
    const [row] = await server.services.db
      .select({ attempts: studentCodes.attempts })
      .from(studentCodes)
      .where(eq(studentCodes.email, email));
    expect(row.attempts).toBe(5);
    expect((await verify(code!)).body.code).toBe(10002);
  });

  it('upgrade Pro -> Unlimited with a card that succeeds happens at once (action 0)', async () => {
    const token = await loginMember(server, 'upgrade@example.com');
    await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const list = (await get<UpgradeProducts>(token, '/api/v1/upgrade/upGradeProducts')).body.data;
    expect(list.upgradeList.map((i) => i.membershipId)).toEqual([3, 4, 5, 6, 7]);
    const unlimited = list.upgradeList.find((i) => i.membershipId === 4)!;
    expect(unlimited.colorDetails).toContain('Unlimited document chat');
    // The plan features come in the caller's language.
    const inLanguage = async (language: string) =>
      (
        await call<UpgradeProducts>(server.url, 'GET', '/api/v1/upgrade/upGradeProducts', {
          token,
          headers: { language },
        })
      ).body.data.upgradeList.find((i) => i.membershipId === 4)!;
    expect((await inLanguage('ar')).colorDetails).toContain('دردشة غير محدودة مع المستندات');
    expect((await inLanguage('es')).greyDetails).toContain('Chat con documentos: 100 archivos');
    expect((await inLanguage('zh')).colorDetails).toContain('优先回答');
    expect(unlimited.remainAmount).toBeGreaterThan(1999 - 999 - 1);
    expect(unlimited.remainAmount).toBeLessThanOrEqual(1999);
    const result = await get<UpgradeResult>(
      token,
      `/api/v1/upgrade/upgradeV2?productId=${unlimited.productIds['0']}`,
    );
    expect(result.body.data.action).toBe(0);
    expect(await me(server, token)).toMatchObject({ isUnlimited: true, membershipId: 4 });
    const down = await get(token, '/api/v1/upgrade/upgradeV2?productId=pro-month-g0');
    expect(down.body.msg).toBe('Choose a higher plan than your current one.');
  });

  it('upgrade with a 3-D Secure card: action 1 with confirmUrl; approve succeeds, fail is canceled', async () => {
    const token = await loginMember(server, 'upgrade-3ds@example.com');
    const first = await payWithCard(server, token, {
      productId: 'pro-month-g0',
      card: TEST_CARDS.threeDSecure,
    });
    await answerChallenge(server, first.location!, 'approve');
    expect((await me(server, token)).membershipId).toBe(1);

    const failing = (
      await get<UpgradeResult>(token, '/api/v1/upgrade/upgradeV2?productId=unlimited-month-g0')
    ).body.data;
    expect(failing.action).toBe(1);
    expect(failing.confirmUrl).toMatch(/\/pay\/test\/challenge\//);
    expect((await get(token, `/api/v1/upgrade/checkConfirm?confirmId=${failing.confirmId}`)).body.data).toBe(
      'requires_action',
    );
    const back = await answerChallenge(server, failing.confirmUrl!, 'fail');
    expect(back.location).toBe(`${server.url}/?from=paymentConfirm&confirmId=${failing.confirmId}`);
    expect((await get(token, `/api/v1/upgrade/checkConfirm?confirmId=${failing.confirmId}`)).body.data).toBe(
      'canceled',
    );
    expect((await me(server, token)).membershipId).toBe(1);

    const approving = (
      await get<UpgradeResult>(token, '/api/v1/upgrade/upgradeV2?productId=unlimited-month-g0')
    ).body.data;
    await answerChallenge(server, approving.confirmUrl!, 'approve');
    expect(
      (await get(token, `/api/v1/upgrade/checkConfirm?confirmId=${approving.confirmId}`)).body.data,
    ).toBe('succeeded');
    expect(await me(server, token)).toMatchObject({ isUnlimited: true, membershipId: 4 });
    // Another user cannot read this payment's status.
    const other = await loginMember(server, 'nosy@example.com');
    expect((await get(other, `/api/v1/upgrade/checkConfirm?confirmId=${approving.confirmId}`)).status).toBe(
      404,
    );
  });

  it('a trial cannot be upgraded', async () => {
    const token = await loginMember(server, 'trial-up@example.com');
    await payWithCard(server, token, {
      path: '/api/v1/stripe/checkWithTrail',
      productId: 'pro-year-g0',
      card: TEST_CARDS.succeeds,
      query: { days: '7' },
    });
    const refused = await get(token, '/api/v1/upgrade/upgradeV2?productId=unlimited-year-g0');
    expect(refused.body.msg).toBe('A free trial cannot be upgraded. Subscribe after the trial instead.');
  });
});
