// The device cache's code (Dexie) comes after the app's first draw: the composer draws, takes typing and a send
// without it, and what was sent meanwhile is written to the cache once its code is here.
import { expect, lastAnswerDone, test } from './support/app';

test('a question sent while the cache’s code is held is answered, then kept on the device and in the history', async ({
  browser,
}) => {
  // No service worker: the chunk below must come from the network, where it can be held.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  let releaseCache: () => void = () => {};
  const cacheHeld = new Promise<void>((resolve) => {
    releaseCache = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/cache-[\w-]+\.js$/, async (route) => {
    asked = true;
    await cacheHeld;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByTestId('auth-state')).toHaveText(/Guest/);
  // Asked for as the app starts, not on first use.
  expect(asked).toBe(true);
  const box = page.getByTestId('composer-input');
  await box.fill('Note the yellow umbrella.');
  await expect(page.getByTestId('send')).toBeEnabled();
  await page.getByTestId('send').click();
  await expect(page.getByTestId('message-user')).toHaveText('Note the yellow umbrella.');
  await expect(box).toHaveValue('');
  releaseCache();
  await expect(page.getByTestId('message-assistant')).toContainText('yellow umbrella');
  await lastAnswerDone(page);
  await expect(page.getByTestId('history-item')).toHaveCount(1);

  // Drawn from the device alone: the question, its finished answer and the chat's row.
  await page.route('**/api/**', () => {});
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveText('Note the yellow umbrella.');
  await expect(page.getByTestId('message-assistant')).toContainText('yellow umbrella');
  await expect(page.getByTestId('message-assistant')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
});
