import { expect, lastAnswerDone, logIn, openAsGuest, sendMessage, test } from './support/app';

test('the installed app of a logged-in user opens offline and shows cached chats read-only', async ({
  page,
  context,
}) => {
  await openAsGuest(page);
  // A member: their app asks currentUser at start, which fails offline and must not break the app.
  await logIn(page, `offline-${Date.now()}@example.com`);
  await sendMessage(page, 'Pack for the mountain trip');
  await lastAnswerDone(page);
  // The service worker has precached the shell once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('history-item')).toContainText('Pack for the mountain trip');
  await expect(page.getByTestId('message-user')).toHaveText('Pack for the mountain trip');
  await expect(page.getByTestId('message-assistant')).toContainText('mountain');
  await expect(page.getByTestId('composer-input')).toHaveAttribute(
    'placeholder',
    'Sending needs a connection.',
  );
  await expect(page.getByTestId('send')).toBeDisabled();
  await expect(page.getByTestId('auth-state')).toContainText('@example.com');
  await context.setOffline(false);
});

test('the page carries a web app manifest with icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href!)).json();
  expect(manifest.name).toBe('Parley');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
});
