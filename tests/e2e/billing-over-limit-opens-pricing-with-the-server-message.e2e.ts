import { expect, logIn, openAsGuest, sendMessage, test } from './support/app';

test('a 20001 from a chat send opens the pricing modal with the server’s message', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'over-limit-e2e@example.com');
  await page.getByTestId('model-picker').click();
  await page.getByTestId('model-GPT-4o').click();
  await sendMessage(page, 'Hello from a free account');
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await expect(page.getByTestId('pricing-prompt')).toHaveText('This model is for paid members.');
  await expect(page.getByTestId('plan-Pro-year')).toBeVisible();
  await page.getByTestId('pricing-close').click();
  await expect(page.getByTestId('pricing-modal')).toHaveCount(0);
});
