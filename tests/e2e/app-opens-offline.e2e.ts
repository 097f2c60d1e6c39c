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

test.describe('in Spanish, with the server unreachable for a page', () => {
  // No service worker: the page's code is refused here as a stopped server refuses it.
  test.use({ locale: 'es', serviceWorkers: 'block' });

  test('a page never opened on this device says it could not be loaded and keeps the sidebar', async ({
    page,
  }) => {
    // The whole app became 'Lo sentimos, algo salió mal.' with only Recargar, which failed the same way.
    await openAsGuest(page, '/es');
    await page.route('**/assets/WritingPage-*.js', (route) => route.abort('connectionrefused'));
    await page.getByTestId('sidebar').getByRole('link', { name: 'Escritura' }).click();
    // Taken first for a new deploy, the page reloads once; then the message.
    const failed = page.getByTestId('page-load-failed');
    await expect(failed).toContainText(
      'No se pudo cargar esta página. Revisa tu conexión e inténtalo de nuevo.',
    );
    await expect(page.getByTestId('error-boundary')).toHaveCount(0);
    await expect(failed.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    // The way on: another page from the sidebar, or Try again once the server answers.
    await page.getByTestId('sidebar').getByRole('button', { name: 'Nuevo chat' }).click();
    await expect(page.getByTestId('composer-input')).toBeVisible();
    await page.goBack();
    await expect(failed).toBeVisible();
    await page.unroute('**/assets/WritingPage-*.js');
    await failed.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByTestId('writing-page')).toBeVisible();
  });
});
