import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChannelSummary, UserInfo } from '../../common/contract';
import { loginCodes } from '../../server/db/schema';
import { humanHeaders } from '../helpers/captcha';
import { call, DATABASES, newGuest, streamSend } from '../helpers/server';
import { serverWithMailSink } from '../helpers/server-with-mail';

describe.each(DATABASES)('email code login on %s', (kind) => {
  const env = serverWithMailSink(kind);

  const sendCode = async (email: string, language = 'en') =>
    call(env.server.url, 'POST', '/api/v1/auth/toLoginByEmailValidationCode', {
      body: { email },
      headers: { language, ...(await humanHeaders(env.server.url)) },
    });
  const login = (email: string, code: string, token?: string) =>
    call<string | null>(env.server.url, 'POST', '/api/v1/auth/loginByEmailValidationCode', {
      body: { email, code },
      token,
    });

  it('a code mailed over SMTP logs in; the token reads the user; sign-out revokes it', async () => {
    expect((await sendCode('Ada@Example.com')).body.code).toBe(200);
    const code = await env.smtp.codeFor('ada@example.com');
    const { body } = await login('ada@example.com', code);
    expect(body.code).toBe(200);
    const token = body.data!;
    const me = await call<UserInfo>(env.server.url, 'GET', '/api/v1/user/currentUser', { token });
    expect(me.body.data).toMatchObject({
      email: 'ada@example.com',
      isLogin: true,
      isPro: false,
      membershipId: 0,
      parsedRoles: [],
    });
    // Single use.
    expect((await login('ada@example.com', code)).body.data).toBeNull();
    expect((await call(env.server.url, 'POST', '/api/v1/auth/signout', { token })).body.code).toBe(200);
    expect((await call(env.server.url, 'GET', '/api/v1/user/currentUser', { token })).status).toBe(401);
  });

  it('the mail is written in the language of the page that asked for it, and its code logs in', async () => {
    const mailTo = (email: string) => [...env.smtp.inbox].reverse().find((m) => m.to === email);
    await sendCode('layla@example.com', 'ar');
    const code = await env.smtp.codeFor('layla@example.com');
    expect(mailTo('layla@example.com')?.subject).toBe(`رمز تسجيل الدخول إلى Parley: ${code}`);
    expect(mailTo('layla@example.com')?.text).toContain(`رمز تسجيل الدخول إلى Parley هو ${code}.`);
    expect(mailTo('layla@example.com')?.text).not.toMatch(/login code/);
    expect((await login('layla@example.com', code)).body.data).toBeTruthy();
    await sendCode('mei@example.com', 'zh');
    const zhCode = await env.smtp.codeFor('mei@example.com');
    expect(mailTo('mei@example.com')?.subject).toBe(`你的 Parley 登录验证码：${zhCode}`);
  });

  it('a wrong code answers falsy data; the 6th try is refused even with the right code', async () => {
    await sendCode('bob@example.com');
    const code = await env.smtp.codeFor('bob@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await login('bob@example.com', wrong)).body).toMatchObject({ code: 200, data: null });
    expect((await login('bob@example.com', code)).body.data).toBeNull();
  });

  it('40 wrong guesses sent at once are judged at most 5 times; the right code after them is refused', async () => {
    await sendCode('eve@example.com');
    const code = await env.smtp.codeFor('eve@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 40 }, () => login('eve@example.com', wrong)));
    expect(answers.every((a) => a.body.code === 200 && a.body.data === null)).toBe(true);
    const [row] = await env.server.services.db
      .select({ attempts: loginCodes.attempts })
      .from(loginCodes)
      .where(eq(loginCodes.email, 'eve@example.com'));
    // The counter counts the guesses that were judged; without one atomic step it read 20 and more.
    expect(row.attempts).toBe(5);
    expect((await login('eve@example.com', code)).body.data).toBeNull();
  });

  it('asking again within 59 s is refused; a malformed address or code gets a clear message', async () => {
    expect((await sendCode('cy@example.com')).body.code).toBe(200);
    const again = await sendCode('cy@example.com', 'es');
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe('Acabamos de enviar un código. Espera un minuto antes de pedir otro.');
    expect((await sendCode('not-an-email')).body).toMatchObject({
      code: 400,
      msg: 'Please enter a valid email address.',
    });
    expect((await login('cy@example.com', '12ab')).body).toMatchObject({
      code: 400,
      msg: 'The code is 6 digits.',
    });
  });

  it('a guest who logs in keeps the chats made as a guest', async () => {
    const guest = await newGuest(env.server.url);
    const chat = await streamSend(env.server.url, guest, {
      requestId: 'guest-before-login',
      message: 'Made as a guest',
    });
    await sendCode('dee@example.com');
    const token = (await login('dee@example.com', await env.smtp.codeFor('dee@example.com'), guest)).body
      .data!;
    const list = await call<ChannelSummary[]>(env.server.url, 'GET', '/api/v1/chat/myChannelList', { token });
    expect(list.body.data.map((c) => c.channelId)).toEqual([chat.meta!.channelId]);
  });

  it('a guest reads its own user info as not logged in', async () => {
    const guest = await newGuest(env.server.url);
    const me = await call<UserInfo>(env.server.url, 'GET', '/api/v1/user/currentUser', { token: guest });
    expect(me.body.data).toMatchObject({
      isLogin: false,
      isPro: false,
      grayStrategyNew: { inputVersion: true, enhanceUpload: true },
    });
  });
});
