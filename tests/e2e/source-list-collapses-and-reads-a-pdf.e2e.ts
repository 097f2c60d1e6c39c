import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('a web-search answer lists its sources: 3 cards and view-all, then all with collapse; Read Document opens the pdf chat in a new tab', async ({
  page,
  context,
}) => {
  await openAsGuest(page, '/');
  await page.getByTestId('search-mode-web').click();
  await sendMessage(page, 'How do bees keep warm in winter?');
  const answer = await lastAnswerDone(page);
  await expect(answer).toContainText('clustering and shivering');
  const list = answer.getByTestId('source-list');
  await expect(list.getByTestId('source-card')).toHaveCount(3);
  await expect(list.getByTestId('source-view-all')).toContainText('View all 8');
  await expect(list.getByTestId('source-favicon')).toHaveCount(7);
  // Icons come through this server: the browser never contacts the sources' sites.
  for (const src of await list
    .getByTestId('source-favicon')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src'))))
    expect(src).toMatch(/^\/api\/v1\/search\/favicon\?origin=/);

  await list.getByTestId('source-view-all').click();
  await expect(list.getByTestId('source-card')).toHaveCount(8);
  await expect(list.getByTestId('source-view-all')).toHaveCount(0);
  await list.getByTestId('source-collapse').click();
  await expect(list.getByTestId('source-card')).toHaveCount(3);

  // Only the pdf results offer Read Document; while one runs it is loading and the others are disabled.
  const reads = list.getByTestId('read-document');
  await expect(reads).toHaveCount(2);
  const slowTab = context.waitForEvent('page');
  await reads.nth(1).click();
  await expect(reads.nth(1)).toHaveAttribute('data-loading', 'true');
  await expect(reads.nth(0)).toBeDisabled();
  await (await slowTab).waitForURL(/\/chat\/[\w-]+$/);
  await expect(reads.nth(0)).toBeEnabled();
  const opened = context.waitForEvent('page');
  await reads.nth(0).click();
  const tab = await opened;
  await tab.waitForURL(/\/chat\/[\w-]+$/);
  expect(await tab.evaluate(() => localStorage.getItem('pageMode'))).toBe('academicSearch');
  await expect(tab.getByTestId('doc-name')).toHaveText('bees.pdf');
  await expect(tab.getByTestId('doc-page')).toHaveCount(2);
});

test('academic search answers from arXiv with the abstract as a source that offers Read Document', async ({
  page,
}) => {
  await openAsGuest(page, '/');
  await page.getByTestId('search-mode-academic').click();
  await sendMessage(page, 'bee cluster warmth');
  const answer = await lastAnswerDone(page);
  const card = answer.getByTestId('source-card').first();
  await expect(card).toContainText('Thermal regulation in honey bee clusters');
  await expect(card).toContainText('arXiv');
  await expect(card.getByTestId('read-document')).toBeVisible();
});

test('in the upgrade experiment, web search keeps GPT-4 out of the model list and says why', async ({
  page,
}) => {
  // This caller's experiment answer: upgrade is on (variant A).
  await page.route('**/api/v1/user/tips', async (route) => {
    const body = route.request().postDataJSON() as { abKeyList?: string[] };
    if (!body.abKeyList?.includes('upgrade')) return route.continue();
    await route.fulfill({
      json: { code: 200, msg: 'ok', data: { userTips: [], abResList: [{ key: 'upgrade', value: 'A' }] } },
    });
  });
  await openAsGuest(page, '/');
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-GPT-4')).not.toContainText('web search');
  await page.keyboard.press('Escape');
  await page.getByTestId('search-mode-web').click();
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-GPT-4')).toHaveAttribute('data-disabled', '');
  await expect(page.getByTestId('model-GPT-4')).toContainText('Not with web search');
});
