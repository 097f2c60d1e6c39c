import { expect, logIn, openAsGuest, test } from './support/app';

test('email login solves the proof of work in the browser, with the bot-challenge modal showing progress', async ({
  page,
}) => {
  // The modal may be up for well under a second: note every state it shows as it happens.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { botChallengeSeen: string[] }).botChallengeSeen = seen;
    new MutationObserver(() => {
      const modal = document.querySelector('[data-testid="bot-challenge"]');
      const state = modal?.getAttribute('data-state-name');
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const sends: { token: string | undefined; code: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/v1/auth/toLoginByEmailValidationCode')) return;
    const body = (await response.json()) as { code: number };
    sends.push({ token: response.request().headers()['cf-captcha-token'], code: body.code });
  });

  await openAsGuest(page);
  await logIn(page, 'pow@example.com');

  // First without a token (60001), then once more with the solved token, accepted.
  expect(sends).toHaveLength(2);
  expect(sends[0]).toEqual({ token: undefined, code: 60001 });
  expect(sends[1].code).toBe(200);
  const payload = JSON.parse(Buffer.from(sends[1].token ?? '', 'base64').toString()) as {
    challenge: { parameters: { algorithm: string } };
    solution: { counter: number };
  };
  expect(payload.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
  expect(payload.solution.counter).toBeGreaterThanOrEqual(400);
  expect(
    await page.evaluate(() => (window as unknown as { botChallengeSeen: string[] }).botChallengeSeen),
  ).toContain('solving');
  await expect(page.getByTestId('bot-challenge')).toHaveCount(0);
});
