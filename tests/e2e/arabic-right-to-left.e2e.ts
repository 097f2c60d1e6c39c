import { expect, test } from './support/app';

test('Arabic renders right to left, with the sidebar on the right', async ({ page }) => {
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('new-chat')).toContainText('محادثة');
  const sidebar = await page.getByTestId('sidebar').boundingBox();
  const composer = await page.getByTestId('composer').boundingBox();
  expect(sidebar!.x).toBeGreaterThan(composer!.x);
});

test('choosing a language reloads the app at /{lang}', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // From the user menu: recommended first, then all; nothing changes until Confirm.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('language-select').click();
  const popover = page.getByTestId('language-popover');
  await popover.getByTestId('language-es').last().check();
  await expect(page).not.toHaveURL(/\/es$/);
  await popover.getByTestId('language-confirm').click();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('new-chat')).toContainText(/chat/i);
});
