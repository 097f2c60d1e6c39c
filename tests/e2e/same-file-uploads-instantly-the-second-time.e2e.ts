import crypto from 'node:crypto';
import { expect, openAsGuest, test } from './support/app';

test('the same file chosen again is not sent again: the server already has its md5', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && /\/py\/api\/v1\/(storage\/post|upload\/part)/.test(request.url()))
      sent.push(request.url());
  });
  await openAsGuest(page, '/chatwithdoc');
  const file = { name: 'notes.pdf', mimeType: 'application/pdf', buffer: crypto.randomBytes(300_000) };
  const md5 = crypto.createHash('md5').update(file.buffer).digest('hex');

  await page.getByTestId('upload-input').setInputFiles(file);
  const first = page.getByTestId('upload-item').first();
  await expect(first).toHaveAttribute('data-md5', md5);
  await expect(first).toHaveAttribute('data-instant', 'false');
  expect(sent).toHaveLength(1);

  await first.getByTestId('upload-remove').click();
  await page.reload();
  await expect(page.getByTestId('document-uploader')).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles(file);
  const second = page.getByTestId('upload-item').first();
  await expect(second).toHaveAttribute('data-md5', md5);
  await expect(second).toHaveAttribute('data-instant', 'true');
  await expect(second.getByTestId('upload-instant')).toBeVisible();
  expect(sent).toHaveLength(1);
});
