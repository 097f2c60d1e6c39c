import { expect, test } from './support/app';

test.describe('with an Arabic browser', () => {
  test.use({ locale: 'ar-EG' });

  test('a new visitor gets the Arabic version automatically', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('new-chat')).toContainText('محادثة جديدة');
  });

  test('an existing visitor who chose English is asked instead', async ({ page }) => {
    await page.goto('/en');
    await page.evaluate(() => {
      localStorage.setItem('parley.visited', '1');
      localStorage.setItem('language', 'en');
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('arabic-prompt')).toBeVisible();
    await page.getByTestId('arabic-yes').click();
    await expect(page).toHaveURL(/\/ar$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
