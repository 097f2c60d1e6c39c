// A chat over two documents on an Arabic phone: its documents are tabs like the Document and Images views (no
// browser-grey button, the chosen one underlined in the accent colour), and every tab of the pane, like its Read
// again, is a 44 px target for a thumb.
import { makeDocx, makePdf } from '../helpers/doc-fixtures';
import { expect, openAsGuest, test } from './support/app';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ar' });

test('a chat over two documents shows them as tabs a thumb can tap', async ({ page }) => {
  await openAsGuest(page, '/ar/chatwithdoc');
  // The free allowance (2) is not followed by a counted noun: Arabic would need the dual there, not "2 مستندات".
  await expect(page.getByTestId('doc-daily-hint')).toHaveText(
    'الخطة المجانية: حتى 2 من المستندات الجديدة يوميًا.',
  );
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'tides.pdf', mimeType: 'application/pdf', buffer: await makePdf(['High tide at noon.']) },
    {
      name: 'crew.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await makeDocx(['Crew list: Ana, Bo and Chen.']),
    },
  ]);
  await page.getByTestId('doc-chat-start').click({ timeout: 30_000 });
  const tabs = page.getByTestId('doc-tab');
  await expect(tabs).toHaveCount(2);
  const look = (index: number) =>
    tabs.nth(index).evaluate((tab) => {
      const style = getComputedStyle(tab);
      return {
        background: style.backgroundColor,
        underline: style.borderBottomColor,
        top: style.borderTopWidth,
      };
    });
  const accent = await page
    .locator('.doc-views [aria-selected="true"]')
    .evaluate((tab) => getComputedStyle(tab).borderBottomColor);
  expect(await look(0)).toEqual({ background: 'rgba(0, 0, 0, 0)', underline: accent, top: '0px' });
  expect((await look(1)).underline).not.toBe(accent);
  for (const target of [
    tabs.first(),
    tabs.last(),
    page.getByTestId('doc-view-pages'),
    page.getByTestId('doc-view-images'),
    page.getByTestId('read-again'),
  ])
    expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await tabs.filter({ hasText: 'crew.docx' }).click();
  await expect(page.getByTestId('doc-page').first()).toContainText('Crew list: Ana, Bo and Chen.');
  expect(await look(1)).toMatchObject({ underline: accent });
  // Its name is whole beside its page count, "Page numbers estimated" and Read again (they move to a second line
  // rather than cut it to "cre…"), and Read again is one line.
  await expect(page.getByTestId('doc-pages-estimated')).toBeVisible();
  const name = page.getByTestId('doc-name');
  await expect(name).toHaveText('crew.docx');
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect((await page.getByTestId('read-again').boundingBox())?.height).toBeLessThan(60);
});
