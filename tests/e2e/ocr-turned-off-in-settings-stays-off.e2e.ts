// Settings > Documents on a phone in Arabic: turning off the reading of scans (OCR) is kept by the server, shown
// off again after a reload, and a photo of a page uploaded then is refused with a message that points there; a
// pdf added then keeps its scanned page unread until, OCR on again, the workspace's "Read again" reads it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, openAsGuest, test } from './support/app';

const picture = readFileSync(path.join(import.meta.dirname, '../fixtures/documents/testOCR.png'));
// OCRmyPDF's text page then its scanned LinnSequencer brochure (no text layer).
const mixed = readFileSync(path.join(import.meta.dirname, '../fixtures/documents/text-and-scan.pdf'));

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ar' });

async function openDocumentSettings(page: import('@playwright/test').Page) {
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-documents-tab').click();
  await expect(page.getByTestId('document-settings')).toBeVisible();
}

test('OCR turned off in Settings stays off after a reload, a photo of a page is then refused, and Read again reads a scan once it is on', async ({
  page,
}) => {
  test.setTimeout(240_000);
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
  await expect(page.getByTestId('upload-error')).toContainText('الإعدادات ← المستندات', { timeout: 30_000 });

  // A pdf of a text page and a scanned page is added with its text page alone.
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: mixed });
  await expect(page.locator('[data-testid="upload-item"][data-status="4"]')).toHaveCount(1, {
    timeout: 60_000,
  });

  await openDocumentSettings(page);
  const on = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/user/documentSettings') && response.request().method() === 'POST',
  );
  await page.getByTestId('ocr-switch').click();
  expect(await (await on).json()).toMatchObject({ code: 200, data: { ocr: true } });
  await page.keyboard.press('Escape');

  await page.goto('/ar/workspace/uploaded/pdf');
  const file = page.getByTestId('workspace-file').filter({ hasText: 'brochure.pdf' });
  const readAgain = file.getByTestId('read-again');
  await expect(readAgain).toHaveText('إعادة القراءة');
  await readAgain.click();
  await expect(readAgain).toBeDisabled();
  await expect(page.getByText('الصفحات التي فيها نص: 2 من 2 (وكانت 1)')).toBeVisible({ timeout: 180_000 });
  await expect(readAgain).toBeEnabled();
  expect((await readAgain.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  // Its words stay inside it on one line, not over the row's delete button.
  expect(await readAgain.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
  expect((await readAgain.boundingBox())?.height).toBeLessThan(60);
});
