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

// The first visit follows the browser's languages, region variants included, for every language the app has.
for (const [locale, dir, newChat] of [
  ['zh-CN', 'ltr', '新对话'],
  ['es-ES', 'ltr', 'Nuevo chat'],
] as const)
  test.describe(`with a ${locale} browser`, () => {
    test.use({ locale });

    test('a new visitor gets that language on the first visit and keeps it', async ({ page }) => {
      await page.goto('/');
      const language = locale.slice(0, 2);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByTestId('new-chat')).toContainText(newChat);
      await page.reload();
      await expect(page.getByTestId('new-chat')).toContainText(newChat);
    });
  });

test.describe('a path language', () => {
  test.use({ locale: 'zh-CN' });

  test('wins over the browser, and a saved choice wins over the browser later', async ({ page }) => {
    await page.goto('/es');
    await expect(page.getByTestId('new-chat')).toContainText('Nuevo chat');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto('/');
    await expect(page.getByTestId('new-chat')).toContainText('Nuevo chat');
  });
});
