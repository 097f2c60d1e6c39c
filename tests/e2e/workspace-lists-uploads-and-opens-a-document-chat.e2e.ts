import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makePdf } from '../helpers/doc-fixtures';
import { expect, openAsGuest, test } from './support/app';

test('the workspace lists uploaded files by category, a picture of a page among them, opens one as a document chat, deletes one', async ({
  page,
}) => {
  // An empty workspace says so and offers the way to fill it, also opened first on a first visit whose visit
  // answers late (held here): the list waits for the caller instead of failing.
  await page.route('**/api/v1/auth/visit', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
  });
  await openAsGuest(page, '/workspace/uploaded/all');
  await page.unroute('**/api/v1/auth/visit');
  await expect(page.getByTestId('empty-state')).toContainText('No files here yet.');
  await page.getByTestId('workspace-upload').click();
  await expect(page).toHaveURL(/\/chatwithdoc$/);
  // The picker offers pictures of pages beside documents.
  await expect(page.getByTestId('upload-input')).toHaveAttribute('accept', /\.png,\.jpg,\.jpeg,\.webp/);
  await page.getByTestId('upload-input').setInputFiles([
    {
      name: 'atlas.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['Maps of the coast.', 'Tides.']),
    },
    {
      // Tika's OCR test picture (tests/fixtures/documents/README.md), read by OCR on the server.
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: readFileSync(path.join(import.meta.dirname, '../fixtures/documents/testOCR.png')),
    },
  ]);
  await expect(page.getByTestId('doc-chat-start')).toBeVisible({ timeout: 60_000 });

  await page.goto('/workspace/uploaded/all');
  await expect(page.getByTestId('workspace-file')).toHaveCount(2);
  await page.getByTestId('workspace-category-pdf').click();
  await expect(page).toHaveURL(/\/workspace\/uploaded\/pdf$/);
  await expect(page.getByTestId('workspace-file')).toHaveCount(1);
  await expect(page.getByTestId('workspace-file')).toContainText('atlas.pdf');
  await page.getByTestId('workspace-category-writing').click();
  await expect(page.getByTestId('workspace-file')).toHaveCount(0);

  // The picture is listed under Images and opens with itself beside the chat, above the text read from it.
  await page.getByTestId('workspace-category-image').click();
  await expect(page.getByTestId('workspace-file')).toHaveCount(1);
  await page.getByTestId('workspace-file').getByRole('link').click();
  await expect(page.getByTestId('doc-name')).toHaveText('notes.png');
  await expect(page.getByTestId('doc-page').first()).toContainText('This file contains some words.');
  await expect
    .poll(() => page.getByTestId('doc-picture').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(982);

  await page.goto('/workspace/uploaded/pdf');
  await page.getByTestId('workspace-file').getByRole('link').click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await expect(page.getByTestId('doc-name')).toHaveText('atlas.pdf');

  // Delete asks first; the file leaves the list and stays gone after a reload.
  await page.goto('/workspace/uploaded/all');
  const notes = page.getByTestId('workspace-file').filter({ hasText: 'notes.png' });
  await notes.getByTestId('delete').click();
  await page.getByTestId('delete-confirm-button').click();
  await expect(page.getByTestId('workspace-file')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('workspace-file')).toHaveCount(1);
  await expect(page.getByTestId('workspace-file')).toContainText('atlas.pdf');

  // The mobile address of chat-with-doc is the same page.
  await page.goto('/m/chatwithdoc');
  await expect(page.getByTestId('document-uploader')).toBeVisible();
});

test.describe('on a phone in Spanish', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'es' });

  test('a list the server cannot give says so with another try, which shows it', async ({ page }) => {
    // It said "No se pudo mostrar el documento." (no document was being shown) and offered nothing to tap.
    let failing = true;
    await page.route('**/api/v1/workspace/**', (route) =>
      failing ? route.abort('connectionrefused') : route.fallback(),
    );
    await openAsGuest(page, '/es/workspace');
    await expect(page.getByTestId('empty-state')).toHaveText(
      /No se pudieron cargar tus archivos\. Revisa tu conexión e inténtalo de nuevo\./,
    );
    failing = false;
    await page.getByTestId('workspace-retry').click();
    await expect(page.getByTestId('empty-state')).toContainText('Todavía no hay archivos aquí.');
  });
});

test.describe('on a phone in Chinese', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'zh-CN' });

  test("a file's kind, page count and date each stay on one line", async ({ page }) => {
    await openAsGuest(page, '/zh/chatwithdoc');
    await page.getByTestId('upload-input').setInputFiles({
      name: '二〇二六年第三季度市场调研报告（定稿）.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['Maps of the coast.', 'Tides.']),
    });
    await expect(page.getByTestId('doc-chat-start')).toBeVisible({ timeout: 60_000 });
    await page.goto('/zh/workspace/uploaded/all');
    await expect(page.getByTestId('workspace-file-pages')).toHaveText('2 页');
    // Chinese breaks between any two characters, so "2026年11月29日" broke after 月 when the row was narrow.
    const lines = await page
      .getByTestId('workspace-file')
      .locator('bdi')
      .evaluateAll((pieces) => pieces.map((piece) => [piece.textContent, piece.getClientRects().length]));
    expect(lines).toHaveLength(3);
    expect(lines.filter(([, count]) => count !== 1)).toEqual([]);
    // Each filter (uploaded or made with AI, then the kinds) is a 44 px touch target; they were 36 px tall.
    const filters = page.locator('.workspace-tabs a');
    expect(await filters.count()).toBe(9);
    for (const filter of await filters.all())
      expect((await filter.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  });
});
