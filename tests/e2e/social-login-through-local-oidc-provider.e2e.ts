import type { Page } from '@playwright/test';
import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

/** Every request the page makes stays on this machine (the provider stands in for Google and Apple). */
function offMachineRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (protocol.startsWith('http') && hostname !== '127.0.0.1') outside.push(request.url());
  });
  return outside;
}

/** The provider's own pages (another origin): sign in with any login name, then consent. */
async function signInAtProvider(page: Page, email: string) {
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('Continue with Google signs in through the provider’s login and consent pages; guest chats stay', async ({
  page,
}) => {
  const outside = offMachineRequests(page);
  await openAsGuest(page);
  await sendMessage(page, 'Guest notes before Google');
  await lastAnswerDone(page);
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-google').click();
  await signInAtProvider(page, 'eve@example.com');
  await expect(page.getByTestId('auth-state')).toHaveText('eve@example.com');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByTestId('auth-state')).toHaveText('eve@example.com');
  await expect(page.getByTestId('history-item')).toContainText('Guest notes before Google');
  expect(outside).toEqual([]);
});

test('Apple waits behind “more” and signs in through the provider’s form post', async ({ page }) => {
  const outside = offMachineRequests(page);
  await openAsGuest(page);
  await page.getByTestId('open-login').click();
  await expect(page.getByTestId('login-apple')).toHaveCount(0);
  await page.getByTestId('login-more').click();
  await page.getByTestId('login-apple').click();
  await signInAtProvider(page, 'gus@example.com');
  await expect(page.getByTestId('auth-state')).toHaveText('gus@example.com');
  await expect(page).toHaveURL(/\/$/);
  expect(outside).toEqual([]);
});

test('cancelling at the provider comes back home as a guest, with no message, only a LoginFail event', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics/events')) sent.push(request.postData() ?? '');
  });
  await openAsGuest(page);
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-google').click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('auth-state')).toHaveText('Guest');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The LoginFail analytics event reaches the server with the login type and the provider's reason.
  await page.evaluate(() => window.parleyAnalytics?.flush());
  await expect
    .poll(() => sent.join('\n'), { timeout: 20_000 })
    .toMatch(/"name":"LoginFail","props":\{"loginType":"google","details":"[^"]*access_denied/);
});

test('Google Drive connects from the settings connector tab through the consent page, then disconnects', async ({
  page,
}) => {
  await openAsGuest(page);
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-google').click();
  await signInAtProvider(page, 'fay@example.com');
  await expect(page.getByTestId('auth-state')).toHaveText('fay@example.com');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-connector-tab').click();
  const drive = page.getByTestId('connector-GOOGLE_DRIVE');
  await expect(drive.getByRole('button')).toHaveText('Connect');
  await drive.getByRole('button').click();
  // Still signed in at the provider: only the consent for the Drive scope is asked.
  await expect(page.getByText('https://www.googleapis.com/auth/drive.file', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Google Drive is connected.')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-connector-tab').click();
  await expect(drive.getByRole('button')).toHaveText('Disconnect');
  await drive.getByRole('button').click();
  await expect(drive.getByRole('button')).toHaveText('Connect');
});
