import type { Page } from '@playwright/test';
import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

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
  await openAsGuest(page);
  await sendMessage(page, 'Guest notes before Google');
  await lastAnswerDone(page);
  await page.getByTestId('open-login').click();
  // Apple is configured too: it waits behind the 'more' toggle.
  await expect(page.getByTestId('login-apple')).toHaveCount(0);
  await page.getByTestId('login-more').click();
  await expect(page.getByTestId('login-apple')).toBeVisible();

  await page.getByTestId('login-google').click();
  await signInAtProvider(page, 'eve@example.com');
  await expect(page.getByTestId('auth-state')).toHaveText('eve@example.com');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByTestId('auth-state')).toHaveText('eve@example.com');
  await expect(page.getByTestId('history-item')).toContainText('Guest notes before Google');
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
