import { expect, openAsGuest, test } from './support/app';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4 ${name}`),
});

test('a guest adds at most 2 files at once; the rest is left out with a message', async ({ page }) => {
  await openAsGuest(page, '/chatwithdoc');
  await expect(page.getByTestId('document-uploader')).toHaveAttribute('data-limit', '2');
  await page.getByTestId('upload-input').setInputFiles([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
  await expect(page.getByTestId('upload-item')).toHaveCount(2);
  // Each file's Remove is one of the app's buttons, not the browser's bare grey one.
  await expect(page.getByTestId('upload-remove').first()).toHaveCSS('border-top-left-radius', '8px');
  // The files left out are named: a stranger who picked many sees which ones to add later.
  await expect(page.getByTestId('upload-limit')).toHaveText(
    'Not added: \u2068c.pdf\u2069. You can add at most 2 at a time; remove one to add another.',
  );
  await page.getByTestId('upload-input').setInputFiles([pdf('d.pdf')]);
  await expect(page.getByTestId('upload-item')).toHaveCount(2);
});
