import { solveCaptcha } from '../helpers/captcha';
import { expect, logIn, openAsGuest, sendMessage, serverUrl, test } from './support/app';

test('a free user picking a pro model is asked to pay at once; a send over the quota keeps the typed text', async ({
  page,
}) => {
  await openAsGuest(page);
  await logIn(page, `over-limit-${Date.now()}@example.com`);
  await page.getByTestId('model-picker').click();
  await page.getByTestId('model-GPT-4o').click();
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await expect(page.getByTestId('pricing-prompt')).toHaveText('This model is for paid members.');
  await expect(page.getByTestId('plan-Pro-year')).toBeVisible();
  await page.getByTestId('pricing-close').click();
  await expect(page.getByTestId('pricing-modal')).toHaveCount(0);
  await expect(page.getByTestId('model-picker')).toContainText('Standard');

  // Today's free messages used up elsewhere (another device): the next send from here is refused with 20001.
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  for (let i = 0; i < 30; i++) {
    const controller = new AbortController();
    const response = await fetch(`${serverUrl()}/api/v1/chat/send`, {
      method: 'POST',
      headers: {
        Authorization: token ?? '',
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        // A free member passes the human check on every new answer, as the app does.
        gtoken: await solveCaptcha(serverUrl()),
      },
      body: JSON.stringify({
        requestId: `quota-${i}-${Date.now()}`,
        message: `Filler ${i}`,
        model: 'Standard',
      }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    controller.abort();
  }
  await sendMessage(page, 'Keep this question');
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await expect(page.getByTestId('pricing-prompt')).not.toBeEmpty();
  await page.getByTestId('pricing-close').click();
  await expect(page.getByTestId('composer-input')).toHaveValue('Keep this question');
  await expect(page.getByTestId('message-user')).toHaveCount(0);
});
