import { makeDocx, makePdf } from '../helpers/doc-fixtures';
import { expect, openAsGuest, test } from './support/app';

test('a document chat opened once shows its pdf and its Word text again offline, from this device', async ({
  page,
  context,
}) => {
  await openAsGuest(page, '/chatwithdoc');
  await page.getByTestId('upload-input').setInputFiles([
    {
      name: 'tides.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['High tide at noon.', 'Low tide at six.']),
    },
    {
      name: 'crew.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await makeDocx(['Crew list: Ana, Bo and Chen.']),
    },
  ]);
  await page.getByTestId('doc-chat-start').click({ timeout: 30_000 });
  await expect(page.locator('[data-page="1"]')).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('doc-tab').filter({ hasText: 'crew.docx' }).click();
  await expect(page.getByTestId('doc-page').first()).toContainText('Crew list: Ana, Bo and Chen.');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('doc-name')).toHaveText('tides.pdf');
  await expect(page.locator('[data-page="2"]')).toHaveCount(1);
  await expect(page.locator('[data-page="1"]')).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('doc-tab').filter({ hasText: 'crew.docx' }).click();
  await expect(page.getByTestId('doc-page').first()).toContainText('Crew list: Ana, Bo and Chen.');
  await context.setOffline(false);
});
