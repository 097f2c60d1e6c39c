import { expect, test } from './support/app';
import { newWritingDoc, serverDoc, toEnd } from './support/writing';

test('text typed offline survives a reload and reaches the server when the network returns', async ({
  page,
  context,
}) => {
  const docId = await newWritingDoc(page);
  // The installed app: its service worker controls the page, so a reload works without a network.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByTestId('writing-title').fill('Field notes');
  await toEnd(page);
  // Typing online: saves are on their way, which is no reason to tell the user that changes wait.
  let bannerSeen = 0;
  for (const word of ['Written ', 'online', '.']) {
    await page.keyboard.type(word, { delay: 40 });
    bannerSeen += await page.getByTestId('offline-banner').count();
  }
  expect(bannerSeen).toBe(0);
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, docId)).data?.content))
    .toContain('Written online.');

  await context.setOffline(true);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Written offline.');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.locator('.writing-prose')).toContainText('Written offline.');
  await expect(page.getByTestId('writing-title')).toHaveValue('Field notes');
  // Writing goes on offline: the banner says so, not that chats are read-only.
  await expect(page.getByTestId('offline-banner')).toContainText('What you write is kept on this device');
  await expect(page.getByTestId('offline-banner')).not.toContainText('read-only');
  expect(JSON.stringify((await serverDoc(page, docId)).data.content)).not.toContain('Written offline.');

  await context.setOffline(false);
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, docId)).data?.content), { timeout: 20_000 })
    .toContain('Written offline.');
  const stored = await serverDoc(page, docId);
  expect(stored.data.docTitle).toBe('Field notes');
  expect(JSON.stringify(stored.data.content)).toContain('Written online.');
});
