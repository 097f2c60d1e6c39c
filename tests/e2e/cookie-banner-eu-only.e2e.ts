import { expect, openAsGuest, test } from './support/app';

test('an EU visitor is asked about cookies; the choice is kept', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '85.214.132.117' });
  await openAsGuest(page);
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.getByTestId('cookie-settings').click();
  await page.getByTestId('consent-performance').uncheck();
  await page.getByTestId('cookie-save').click();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('parley.cookieConsent') ?? 'null'));
  expect(saved).toEqual({ filled: true, performance: false, functional: true, personalDataSharing: true });
  await page.reload();
  await expect(page.getByTestId('auth-state')).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('a visitor outside the EU sees no cookie banner', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '8.8.8.8' });
  const lookup = page.waitForResponse((r) => r.url().includes('/api/v1/tool/ip'));
  await openAsGuest(page);
  expect((await (await lookup).json()).data.isEuMember).toBe(false);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});
