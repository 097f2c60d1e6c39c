// Settings > Documents on a phone in Arabic: turning off the reading of scans (OCR) is kept by the server, shown
// off again after a reload, and a photo of a page uploaded then is refused with a message that points there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, openAsGuest, test } from './support/app';

const picture = readFileSync(path.join(import.meta.dirname, '../fixtures/documents/testOCR.png'));

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ar' });

async function openDocumentSettings(page: import('@playwright/test').Page) {
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-documents-tab').click();
  await expect(page.getByTestId('document-settings')).toBeVisible();
}

test('OCR turned off in Settings stays off after a reload and a photo of a page is then refused', async ({
  page,
}) => {
  await openAsGuest(page, '/ar');
  await openDocumentSettings(page);
  const settings = page.getByTestId('document-settings');
  const ocr = page.getByTestId('ocr-switch');
  await expect(settings).toContainText('قراءة الصفحات الممسوحة والصور (OCR)');
  await expect(ocr).toBeChecked();
  await expect(page.getByTestId('ocr-language-Auto')).toBeChecked();
  // Touch targets: the switch's row and each language's row are 44 px tall on a phone.
  for (const row of [ocr, page.getByTestId('ocr-language-ara')])
    expect((await row.locator('xpath=..').boundingBox())?.height).toBeGreaterThanOrEqual(44);

  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/user/documentSettings') && response.request().method() === 'POST',
  );
  await ocr.click();
  await expect(ocr).not.toBeChecked();
  // The language list has nothing to choose while nothing is read.
  await expect(page.getByTestId('ocr-language-ara')).toBeDisabled();
  expect(await (await saved).json()).toMatchObject({ code: 200, data: { ocr: false } });

  await page.reload();
  await expect(page.getByTestId('auth-state')).toHaveText('ضيف');
  await openDocumentSettings(page);
  await expect(page.getByTestId('ocr-switch')).not.toBeChecked();
  await page.keyboard.press('Escape');

  await page.goto('/ar/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('upload-error')).toContainText('الإعدادات > المستندات', { timeout: 30_000 });
});
