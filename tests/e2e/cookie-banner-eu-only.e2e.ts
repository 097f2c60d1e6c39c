import { expect, openAsGuest, test } from './support/app';

test('an EU visitor is asked about cookies; the choice is kept', async ({ page }) => {
  // On a phone the settings open as a sheet from the bottom edge, where the banner is.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '85.214.132.117' });
  await openAsGuest(page);
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.getByTestId('cookie-settings').click();
  // The banner is drawn under the sheet, not over its switches (clicks went through it, the eye did not).
  const zIndex = (testId: string) =>
    page.getByTestId(testId).evaluate((element) => Number(getComputedStyle(element).zIndex));
  expect(await zIndex('cookie-banner')).toBeLessThan(await zIndex('cookie-settings-modal'));
  await page.getByTestId('consent-performance').uncheck();
  await page.getByTestId('cookie-save').click();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('parley.cookieConsent') ?? 'null'));
  expect(saved).toEqual({ filled: true, performance: false, functional: true, personalDataSharing: true });
  await page.reload();
  await expect(page.getByTestId('composer-input')).toBeVisible();
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('a visitor outside the EU sees no cookie banner', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '8.8.8.8' });
  const lookup = page.waitForResponse((r) => r.url().includes('/api/v1/tool/ip'));
  await openAsGuest(page);
  expect((await (await lookup).json()).data.isEuMember).toBe(false);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});
