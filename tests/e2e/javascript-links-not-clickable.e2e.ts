import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('a javascript: link in an answer is shown as text, never as a clickable link', async ({ page }) => {
  await openAsGuest(page);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  // The offline model quotes the message back as markdown, so the answer carries these links.
  await sendMessage(
    page,
    'Links: [evil](javascript:alert(1)) and [good](https://example.com/docs) <img src=x onerror=alert(2)>',
  );
  const answer = await lastAnswerDone(page);
  const evil = answer.locator('blockquote').getByText('evil', { exact: true });
  await expect(evil).toBeVisible();
  expect(await evil.evaluate((el) => el.closest('a') === null)).toBe(true);
  await expect(answer.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(answer.locator('img[onerror]')).toHaveCount(0);
  await expect(answer.locator('a[href="https://example.com/docs"]')).toHaveCount(1);
  await evil.click();
  expect(dialogs).toBe(0);
});
