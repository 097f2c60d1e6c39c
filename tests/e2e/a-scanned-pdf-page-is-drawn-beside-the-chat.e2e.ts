// A scanned pdf beside its chat shows its scan: most black-and-white scanners store the page as a JBIG2 picture
// (OCRmyPDF's LinnSequencer page is one), which pdf.js decodes with WebAssembly the app must serve; without it the
// page was drawn as a white sheet. Its text page is drawn as well.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, openAsGuest, test } from './support/app';

const mixed = readFileSync(path.join(import.meta.dirname, '../fixtures/documents/text-and-scan.pdf'));

/** The share of a drawn page's pixels that are dark (ink): a blank page has none. */
async function inkOf(page: import('@playwright/test').Page, pageNumber: number) {
  return page
    .locator(`[data-testid="doc-page"][data-page="${pageNumber}"] canvas`)
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? {
        data: [],
      };
      let dark = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 384) dark++;
      return dark / (data.length / 4);
    });
}

test('a scanned pdf page (JBIG2) is drawn beside the chat, not left blank', async ({ page }) => {
  test.setTimeout(180_000);
  await openAsGuest(page, '/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: mixed });
  await expect(page.locator('[data-testid="upload-item"][data-status="4"]')).toHaveCount(1, {
    timeout: 120_000,
  });
  await page.getByTestId('doc-chat-start').click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  const scan = page.locator('[data-testid="doc-page"][data-page="2"]');
  await scan.scrollIntoViewIfNeeded();
  await expect(scan).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
  await expect(page.locator('[data-testid="doc-page"][data-page="1"]')).toHaveAttribute('data-drawn', 'true');
  // The brochure's print covers several percent of its page; a page drawn without its picture has no ink at all.
  expect(await inkOf(page, 2)).toBeGreaterThan(0.02);
  expect(await inkOf(page, 1)).toBeGreaterThan(0.001);
});
