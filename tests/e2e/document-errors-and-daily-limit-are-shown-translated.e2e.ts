import { makePdf } from '../helpers/doc-fixtures';
import { expect, logIn, openAsGuest, test } from './support/app';

const pdfFile = async (name: string, pages: number) => ({
  name,
  mimeType: 'application/pdf',
  buffer: await makePdf(Array.from({ length: pages }, (_v, i) => `${name} page ${i + 1}.`)),
});

test('a free member adds 2 new documents a day; the third opens the pay prompt', async ({ page }) => {
  await openAsGuest(page, '/chatwithdoc');
  const email = `daily-docs-${Date.now()}@example.com`;
  await logIn(page, email);
  await page.goto('/chatwithdoc');
  await expect(page.getByTestId('auth-state')).toHaveText(email);
  // The hint states the server's Free allowance (the catalogue's uploadQuota, or DOCS_FREE_FILES_PER_DAY).
  await expect(page.getByTestId('doc-daily-hint')).toHaveText('Free plan: 2 new documents a day.');
  await page
    .getByTestId('upload-input')
    .setInputFiles([await pdfFile('one.pdf', 1), await pdfFile('two.pdf', 1)]);
  await expect(page.getByTestId('doc-chat-start')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('upload-remove').first().click();
  await expect(page.getByTestId('upload-item')).toHaveCount(1);
  await page.getByTestId('upload-remove').first().click();
  await expect(page.getByTestId('upload-item')).toHaveCount(0);

  await page.getByTestId('upload-input').setInputFiles([await pdfFile('three.pdf', 1)]);
  await expect(page.getByTestId('upload-error')).toHaveText(
    "You have reached today's limit of free documents.",
  );
  await expect(page.getByTestId('pricing-prompt')).toContainText(
    'The free plan includes 2 new documents a day. Upgrade to add more today.',
  );
});

test('a guest over the daily documents is asked to log in first', async ({ page }) => {
  await openAsGuest(page, '/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles([await pdfFile('a.pdf', 1), await pdfFile('b.pdf', 1)]);
  await expect(page.getByTestId('doc-chat-start')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('upload-remove').first().click();
  await page.getByTestId('upload-remove').first().click();
  await page.getByTestId('upload-input').setInputFiles([await pdfFile('c.pdf', 1)]);
  await expect(page.getByTestId('upload-error')).toHaveText(
    "You have reached today's limit of free documents.",
  );
  await expect(page.getByTestId('login-modal')).toBeVisible();
});

test('1002, 20002 and 1005 are shown as clear messages in the page language', async ({ page }) => {
  await openAsGuest(page, '/es/chatwithdoc');
  await page.getByTestId('upload-input').setInputFiles([await pdfFile('long.pdf', 101)]);
  // The server's own message (with the counts) wins over the fixed per-code text.
  await expect(page.getByTestId('upload-error')).toHaveText(
    'Este documento tiene 101 páginas; tu plan permite como máximo 100.',
    { timeout: 30_000 },
  );
  // The same file has as many pages next time: no "Try again" (the server marks the refusal final).
  await expect(page.getByTestId('upload-retry')).toHaveCount(0);
  await page.getByTestId('upload-remove').click();
  await page
    .getByTestId('upload-input')
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words') }]);
  await expect(page.getByTestId('upload-error')).toContainText('no es compatible');
  // Sending the same file again cannot help: Remove is offered, Retry is not.
  await expect(page.getByTestId('upload-remove')).toBeVisible();
  await expect(page.getByTestId('upload-retry')).toHaveCount(0);

  await page.getByTestId('doc-url-input').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByTestId('doc-url-submit').click();
  await expect(page.getByTestId('doc-chat-error')).toHaveText(
    'Este enlace apunta a una dirección privada o local y el servidor no puede abrirlo.',
  );
});

test('a file that cannot be read leaves the others to chat with', async ({ page }) => {
  await openAsGuest(page, '/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles([
      await pdfFile('good.pdf', 1),
      { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') },
    ]);
  await expect(page.getByTestId('upload-error')).toHaveText('This document is damaged and cannot be read.', {
    timeout: 30_000,
  });
  // The failed row stays with its reason; the chat opens over the document that was read.
  await page.getByTestId('doc-chat-start').click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await expect(page.getByTestId('doc-name')).toHaveText('good.pdf');
  await expect(page.getByTestId('doc-tab')).toHaveCount(0);
});
