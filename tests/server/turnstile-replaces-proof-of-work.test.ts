import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaChallenge } from '../../common/contract';
import { translate } from '../../server/messages';
import { createCaptcha } from '../../server/services/captcha/index';
import { call, DATABASES, startTestServer, type TestServer } from '../helpers/server';
import { startSiteverify } from '../helpers/siteverify';
import { startSmtpSink } from '../helpers/smtp-sink';

const SEND = '/api/v1/auth/toLoginByEmailValidationCode';

describe.each(DATABASES)('with a Turnstile secret, code sends are checked by siteverify on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  let server: TestServer;
  const turnstile = (verifyUrl: string, secretKey = 'operator-secret') => ({
    cost: 50,
    maxCounter: 100,
    ttlSeconds: 300,
    turnstile: { secretKey, siteKey: 'site-key-1', verifyUrl, scriptUrl: 'https://example.invalid/api.js' },
  });
  beforeAll(async () => {
    smtp = await startSmtpSink();
    siteverify = await startSiteverify('operator-secret');
    server = await startTestServer(kind, {
      mail: { smtpUrl: smtp.url, from: 'Parley <no-reply@parley.test>' },
      captcha: turnstile(siteverify.url),
    });
  });
  afterAll(async () => {
    await server.close();
    await siteverify.close();
    await smtp.close();
  });

  const send = (base: string, email: string, token?: string, language = 'en') =>
    call(base, 'POST', SEND, {
      body: { email },
      headers: { language, ...(token === undefined ? {} : { 'Cf-Captcha-Token': token }) },
    });

  it('the challenge endpoint names Turnstile and the site key instead of a proof of work', async () => {
    const { body } = await call<CaptchaChallenge>(server.url, 'GET', '/api/v1/captcha/challenge');
    expect(body.data).toEqual({
      provider: 'turnstile',
      siteKey: 'site-key-1',
      scriptUrl: 'https://example.invalid/api.js',
    });
  });

  it('a token the widget issued passes once, with the secret and the caller address sent along', async () => {
    expect((await send(server.url, 'ada@example.com')).body.code).toBe(60001);
    const token = siteverify.issue();
    expect((await send(server.url, 'ada@example.com', token)).body.code).toBe(200);
    await smtp.codeFor('ada@example.com');
    expect(siteverify.requests.at(-1)).toMatchObject({
      secret: 'operator-secret',
      response: token,
      remoteip: '127.0.0.1',
    });
    expect((await send(server.url, 'bob@example.com', token)).body.code).toBe(60001);
    expect((await send(server.url, 'bob@example.com', 'made-up-token')).body.code).toBe(60001);
  });

  it('a wrong operator secret refuses every visitor; an unreachable siteverify says so', async () => {
    const withConfig = (verifyUrl: string, secretKey?: string) =>
      createCaptcha({
        config: turnstile(verifyUrl, secretKey),
        db: server.services.db,
        dataDir: server.dataDir,
        logger: server.services.logger,
      });
    await expect(
      withConfig(siteverify.url, 'typo').require(siteverify.issue(), '127.0.0.1'),
    ).rejects.toMatchObject({ code: 60001 });
    // Port 9 (discard) has no listener here: the connection is refused at once.
    const down = withConfig('http://127.0.0.1:9/turnstile/v0/siteverify');
    await expect(down.require(siteverify.issue(), '127.0.0.1')).rejects.toMatchObject({
      code: 500,
      messageKey: 'captcha.unavailable',
    });
    expect(translate('zh', 'captcha.unavailable')).toBe('暂时无法完成人机验证，请稍后重试。');
  });
});
