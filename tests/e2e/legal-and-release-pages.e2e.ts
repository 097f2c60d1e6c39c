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

test('/home, /creation/{type}, /creation/Presentation and the discover pages open their pages', async ({
  page,
}) => {
  await openAsGuest(page, '/home');
  await expect(page.getByTestId('composer-input')).toBeVisible();
  // A login attempt made on /home says so in its gray-release header.
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-email').fill(`home-${Date.now()}@example.com`);
  const sent = page.waitForRequest((request) => request.url().includes('/api/v1/auth/'));
  await page.getByTestId('login-next').click();
  expect((await sent).headers()['gray-release']).toBe('home');
  await page.keyboard.press('Escape');

  await page.goto('/creation/all');
  await expect(page.getByTestId('creation-hub')).toBeVisible();
  await page.getByTestId('creation-card-flowchart').click();
  await expect(page).toHaveURL(/\/creation\/all\/Flowchart$/);
  await page.goto('/creation/Presentation');
  await expect(page.getByTestId('presentation-page')).toBeVisible();
  await page.goto('/ar/discover/tools');
  await expect(page.getByTestId('creation-hub')).toContainText('أنشئ بالذكاء الاصطناعي');
});
