import { makePdf } from '../helpers/doc-fixtures';
import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('upload a 3-page pdf, ask, and the answer cites the page, which opens beside the chat and stays cited when shared', async ({
  page,
}) => {
  const pdf = await makePdf([
    'Welcome to the lighthouse keeper manual. Read it before your first night shift.',
    'The lamp is lit thirty minutes before sunset and the lens is cleaned every Tuesday.',
    'Storm procedure: close the shutters and radio the harbour master.',
  ]);
  await openAsGuest(page, '/chatwithdoc');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'keeper.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByTestId('upload-item').first()).toContainText('3 pages', { timeout: 30_000 });
  const created = page.waitForRequest((request) => request.url().endsWith('/api/v1/chat/doc/create'));
  await page.getByTestId('doc-chat-start').click();
  expect((await created).postDataJSON()).toMatchObject({ extract_img_5k: true, channelType: 'ONE_CHAT' });

  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  // The first questions offered: insights, translate, extract data, find in the document (templates 300002-4,
  // 111121); one fills the composer.
  const starters = page.getByTestId('document-starter');
  await expect(starters).toHaveText(['Insights', 'Translate', 'Extract data', 'Find in the document']);
  await starters.filter({ hasText: 'Extract data' }).click();
  await expect(page.getByTestId('composer-input')).toHaveValue(
    /^Extract the names, dates, figures and amounts/,
  );
  await page.getByTestId('composer-input').fill('');
  const channelId = page.url().split('/').pop() ?? '';
  const stored = await page.evaluate((id) => localStorage.getItem(`oneChatState_${id}`), channelId);
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    channelId,
    roleEnum: 'SUMMARYPROMPT',
    channelType: 'ONE_CHAT',
    docs: [{ file_name: 'keeper.pdf', file_page_count: 3, file_type: 'application/pdf' }],
  });
  await expect(page.getByTestId('doc-name')).toHaveText('keeper.pdf');
  await expect(page.getByTestId('doc-page')).toHaveCount(3);
  await expect(page.locator('[data-testid="doc-page"][data-page="1"]')).toHaveAttribute('data-drawn', 'true');
  // A page's place has the page's shape at the width the pane shows it: no blank band under each page in a pane
  // narrower than the 560 px it is drawn for (a phone, a desktop's middle pane).
  const shape = await page
    .locator('[data-testid="doc-page"][data-page="1"]')
    .evaluate((box) => [box.getBoundingClientRect(), box.querySelector('canvas')!.getBoundingClientRect()]);
  expect(shape[0].width).toBeLessThan(560);
  expect(Math.abs(shape[0].height - shape[1].height)).toBeLessThan(2);

  await sendMessage(page, 'When is the lamp lit?');
  const answer = await lastAnswerDone(page);
  await expect(answer).toContainText('lit thirty minutes before sunset');
  const citation = answer.getByTestId('citation').first();
  await expect(citation).toHaveText(/^\d+$/);
  await citation.click();
  const cited = page.locator('[data-testid="doc-page"][data-active="true"]');
  await expect(cited).toHaveAttribute('data-page', '2');
  await expect(cited).toBeInViewport();
  await expect(cited).toHaveAttribute('data-drawn', 'true');
  // The page says which it is: the citation's number is the source's, not the page's.
  await expect(cited.getByTestId('doc-page-number')).toHaveText('Page 2');
  await expect(cited.getByTestId('doc-page-number')).toBeInViewport();

  // The chat reopened from history still has its document beside it.
  await page.reload();
  await expect(page.getByTestId('doc-pane')).toBeVisible();
  await expect(page.getByTestId('citation').first()).toBeVisible();

  // Shared, the answer keeps its citations as superscripts, not raw [n] markers.
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-create').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.goto(link);
  const shared = page.getByTestId('message-assistant').last();
  await expect(shared.getByTestId('citation').first()).toHaveText(/^\d+$/);
  await expect(shared).not.toContainText(/\[\d+\]/);
});
