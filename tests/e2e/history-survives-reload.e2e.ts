import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('reload keeps the history, drawn from the local cache before the network answers', async ({ page }) => {
  await openAsGuest(page);
  await sendMessage(page, 'Remember the blue notebook.');
  await lastAnswerDone(page);
  const chatUrl = page.url();

  // Hold every API answer for a long time: whatever shows up meanwhile comes from IndexedDB.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**', async (route) => {
    await gate;
    await route.continue().catch(() => {});
  });
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveText('Remember the blue notebook.', { timeout: 5000 });
  await expect(page.getByTestId('message-assistant')).toContainText('blue notebook');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  expect(page.url()).toBe(chatUrl);
  // Searching the titles works from the cache alone (the network is still held) and the chat sits under Today.
  await expect(page.getByTestId('history-group')).toHaveText(['Today']);
  await page.getByTestId('history-search').fill('NOTEBOOK');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.getByTestId('history-search').fill('comets');
  await expect(page.getByTestId('history-item')).toHaveCount(0);
  await expect(page.getByTestId('history-no-match')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  release();
});
