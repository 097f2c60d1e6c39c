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

test('on a first visit the worker takes the page and caches what it loaded, so it opens offline without a reload', async ({
  page,
  context,
}) => {
  await openAsGuest(page);
  await sendMessage(page, 'Plan a first visit');
  await lastAnswerDone(page);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Only the shell is precached: the chunks loaded before the worker controlled the page are cached because
  // the page asks for them again through it.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const missing: string[] = [];
        for (const entry of performance.getEntriesByType('resource')) {
          const url = new URL(entry.name);
          if (url.origin !== location.origin || !url.pathname.startsWith('/assets/')) continue;
          if (!(await caches.match(url.href))) missing.push(url.pathname);
        }
        return missing;
      }),
    )
    .toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('message-user')).toHaveText('Plan a first visit');
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
