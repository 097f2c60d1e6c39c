import { expect, test } from './support/app';

const GET_I18N = '**/api/v1/front/getI18n**';

test('another language is fetched from getI18n, kept on the device, and still shown when the server cannot answer', async ({
  page,
}) => {
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/v1/front/getI18n') && r.url().includes('es'),
  );
  await page.goto('/es');
  await asked;
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('new-chat')).toContainText('Nuevo chat');
  const kept = await page.evaluate(() => localStorage.getItem('parley.langResource.es'));
  expect(kept).toContain('Nuevo chat');

  // The next start uses the kept copy: with the call failing, the page is still Spanish.
  await page.route(GET_I18N, (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('new-chat')).toContainText('Nuevo chat');
});

test('on a first visit without an answer from getI18n the built-in Arabic is used, right to left', async ({
  page,
}) => {
  await page.route(GET_I18N, (route) => route.abort());
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('new-chat')).toContainText('محادثة');
  expect(await page.evaluate(() => localStorage.getItem('parley.langResource.ar'))).toBeNull();
});
