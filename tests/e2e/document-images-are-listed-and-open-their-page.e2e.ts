import { makeDocxWithImages, makePdfWithImages, makePng } from '../helpers/doc-fixtures';
import { expect, openAsGuest, test } from './support/app';

test('a pdf shows its pictures under Images, loads more at the end, and a picture opens its page', async ({
  page,
}) => {
  // 37 pictures: more than one batch (30), so the last one, on page 6, comes only after scrolling.
  const gallery = Array.from({ length: 33 }, (_v, index) => makePng(64, 64, index + 20));
  const pdf = await makePdfWithImages([
    { text: 'Field guide to the garden birds.', images: [makePng(120, 80, 7), makePng(16, 16, 5)] },
    { text: 'The robin, drawn from life.', images: [makePng(200, 100, 3)] },
    { text: 'Notes without pictures.', images: [] },
    { text: 'The wren at its nest.', images: [makePng(90, 70, 11)] },
    { text: 'Feathers, one by one.', images: gallery.slice(0, 11) },
    { text: 'More feathers.', images: [...gallery.slice(11), makePng(100, 64, 99)] },
  ]);
  await openAsGuest(page, '/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'birds.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('upload-item').first()).toContainText('6 pages', { timeout: 30_000 });
  await page.getByTestId('doc-chat-start').click();
  await expect(page.getByTestId('doc-pane')).toBeVisible();

  await page.getByTestId('doc-view-images').click();
  const thumbs = page.getByTestId('doc-image');
  // The bullet (16 x 16) is skipped: the first pictures are on pages 1, 2 and 4.
  await expect(thumbs.nth(0)).toHaveAttribute('data-image-page', '1', { timeout: 30_000 });
  await expect(thumbs.nth(1)).toHaveAttribute('data-image-page', '2');
  await expect(thumbs.nth(2)).toHaveAttribute('data-image-page', '4');
  await expect(thumbs.nth(0).locator('img')).toHaveAttribute('alt', 'Picture on page 1');
  await expect(thumbs.nth(0).locator('img')).toHaveJSProperty('naturalWidth', 120);

  const grid = page.getByTestId('doc-images');
  const last = page.locator('[data-testid="doc-image"][data-image-page="6"]').last();
  await expect
    .poll(async () => {
      await grid.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      return last
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth)
        .catch(() => 0);
    })
    .toBe(100);

  await grid.evaluate((element) => element.scrollTo(0, 0));
  // The grid is virtualised: right after the scroll, 'the second thumbnail' may still be one from the
  // bottom (page 6). The picture of page 2 is named by its page.
  const pageTwo = page.locator('[data-testid="doc-image"][data-image-page="2"]').first();
  await expect(pageTwo).toBeVisible();
  await pageTwo.click();
  const opened = page.locator('[data-testid="doc-page"][data-active="true"]');
  await expect(opened).toHaveAttribute('data-page', '2');
  await expect(opened).toBeInViewport();
  await expect(opened).toHaveAttribute('data-drawn', 'true');
});

test('in Arabic, a 6-page document reads its page count in Arabic', async ({ page }) => {
  const pdf = await makePdfWithImages(
    Array.from({ length: 6 }, (_v, index) => ({ text: `Page ${index + 1}.`, images: [] })),
  );
  await openAsGuest(page, '/ar/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'six.pdf', mimeType: 'application/pdf', buffer: pdf });
  // 6 takes the Arabic "few" form (3 to 10): "6 صفحات", not the English fallback.
  await expect(page.getByTestId('upload-item').first()).toContainText('6 صفحات', { timeout: 30_000 });
  await expect(page.getByTestId('upload-item').first()).not.toContainText('pages');
});

test('in Arabic on a phone, a Word picture opens a larger view that shows its page; offline the list says so', async ({
  page,
  context,
}) => {
  // A phone stacks the document above the chat: the Images grid (virtualised, no height of its own) must still
  // get the pane's height, or it shows nothing.
  await page.setViewportSize({ width: 390, height: 844 });
  const docx = await makeDocxWithImages([
    { text: 'صفحة أولى بلا صور.', images: [] },
    { text: 'صفحة ثانية مع صورة.', images: [makePng(160, 90, 13)] },
  ]);
  await openAsGuest(page, '/ar/chatwithdoc');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('upload-input').setInputFiles({
    name: 'notes.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await page.getByTestId('doc-chat-start').click({ timeout: 30_000 });
  await expect(page.getByTestId('doc-view-images')).toHaveText('الصور');
  await page.getByTestId('doc-view-images').click();
  const thumb = page.getByTestId('doc-image');
  await expect(thumb).toHaveCount(1, { timeout: 30_000 });
  await expect(thumb).toBeInViewport();
  await expect(thumb).toHaveAttribute('data-image-page', '2');
  await thumb.click();
  const view = page.getByTestId('doc-image-view');
  await expect(view).toContainText('صورة في الصفحة 2');
  await expect(view).toContainText('160 × 90');
  await view.getByTestId('doc-image-open-page').click();
  const opened = page.locator('[data-testid="doc-page"][data-active="true"]');
  await expect(opened).toHaveAttribute('data-page', '2');
  await expect(opened).toContainText('صفحة ثانية مع صورة.');

  await context.setOffline(true);
  await page.getByTestId('doc-view-images').click();
  await expect(page.getByTestId('doc-images-offline')).toContainText('لا يمكن عرض الصور إلا وأنت متصل');
  await context.setOffline(false);
  await expect(thumb).toHaveCount(1);
});
