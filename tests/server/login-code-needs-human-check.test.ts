import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { type AltchaChallenge, encodeAltchaPayload } from '../../common/contract';
import { loadOrCreateCaptchaSecrets } from '../../server/services/captcha/secrets';
import { solveCaptcha } from '../helpers/captcha';
import { call, DATABASES } from '../helpers/server';
import { serverWithMailSink } from '../helpers/server-with-mail';

const SEND = '/api/v1/auth/toLoginByEmailValidationCode';

describe.each(DATABASES)('login-code sends need a solved proof of work on %s', (kind) => {
  const env = serverWithMailSink(kind);

  /** A solved token for a challenge signed with these secrets, expiring after ttlSeconds. */
  const solvedWith = async (secrets: { signature: string; keySignature: string }, ttlSeconds = 600) => {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 50,
      counter: 60,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    return encodeAltchaPayload({ challenge: challenge as AltchaChallenge, solution: solution! });
  };

  const send = (email: string, token?: string, language = 'en') =>
    call(env.server.url, 'POST', SEND, {
      body: { email },
      headers: { language, ...(token === undefined ? {} : { 'Cf-Captcha-Token': token }) },
    });

  it('a send without a token answers 60001 in the caller language and mails nothing', async () => {
    const { status, body } = await send('nobody@example.com', undefined, 'es');
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 60001, msg: 'Completa la verificación humana e inténtalo de nuevo.' });
    expect(env.smtp.inbox.filter((m) => m.to === 'nobody@example.com')).toHaveLength(0);
  });

  it('a solved challenge passes once; presenting it again is refused', async () => {
    const token = await solveCaptcha(env.server.url);
    expect((await send('ada@example.com', token)).body.code).toBe(200);
    await env.smtp.codeFor('ada@example.com');
    expect((await send('bea@example.com', token)).body.code).toBe(60001);
    expect(env.smtp.inbox.filter((m) => m.to === 'bea@example.com')).toHaveLength(0);
  });

  it('garbage, a tampered challenge, a wrong answer and another server’s solution are refused', async () => {
    expect((await send('cy@example.com', 'not-base64-json')).body.code).toBe(60001);

    const solved = JSON.parse(Buffer.from(await solveCaptcha(env.server.url), 'base64').toString());
    const easier = structuredClone(solved);
    easier.challenge.parameters.cost = 1;
    expect((await send('cy@example.com', encodeAltchaPayload(easier))).body.code).toBe(60001);
    const wrong = structuredClone(solved);
    wrong.solution.derivedKey = '00'.repeat(32);
    expect((await send('cy@example.com', encodeAltchaPayload(wrong))).body.code).toBe(60001);

    const otherServer = { signature: 'another-server', keySignature: 'another-server-too' };
    expect((await send('cy@example.com', await solvedWith(otherServer))).body.code).toBe(60001);
    // The untouched solution still works: the refusals above did not spend it.
    expect((await send('cy@example.com', encodeAltchaPayload(solved))).body.code).toBe(200);
  });

  it('an expired challenge is refused even when solved correctly', async () => {
    // Minted with this server's own secrets, so only the expiry can make it fail.
    const token = await solvedWith(loadOrCreateCaptchaSecrets(env.server.dataDir), 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await send('dee@example.com', token)).body.code).toBe(60001);
  });

  it('an invalid address is refused before any human check; rate limits still apply', async () => {
    expect((await send('not-an-email')).body).toMatchObject({
      code: 400,
      msg: 'Please enter a valid email address.',
    });
    expect((await send('eve@example.com', await solveCaptcha(env.server.url))).body.code).toBe(200);
    const tooSoon = await send('eve@example.com', await solveCaptcha(env.server.url));
    expect(tooSoon.status).toBe(429);
  });
});
