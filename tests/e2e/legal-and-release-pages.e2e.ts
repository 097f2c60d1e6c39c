import { expect, logIn, openAsGuest, test } from './support/app';

test('terms, privacy and release notes pages exist, also in Arabic', async ({ page }) => {
  await page.goto('/terms/user');
  await expect(page.getByTestId('terms-user')).toContainText('Terms of use');
  await page.goto('/terms/privacy');
  await expect(page.getByTestId('terms-privacy')).toContainText('Privacy policy');
  await page.goto('/releasenote');
  await expect(page.getByTestId('release-notes')).toContainText('1.24.92');
  await page.goto('/ar/terms/privacy');
  await expect(page.getByTestId('terms-privacy')).toContainText('سياسة الخصوصية');
});

test('/logout signs the session out and lands on home as a guest', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'eve@example.com');
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('open-login')).toBeVisible();
  const response = await page.request.get('/api/v1/user/currentUser', {
    headers: { Authorization: token ?? '' },
  });
  expect(response.status()).toBe(401);
});
