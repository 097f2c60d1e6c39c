import type { Page } from '@playwright/test';
import { expect, lastAnswerDone, openAsGuest, sendMessage, serverUrl, test } from './support/app';

async function serverChannelNames(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  const response = await fetch(`${serverUrl()}/api/v1/chat/myChannelList`, {
    headers: { Authorization: token ?? '' },
  });
  const body = (await response.json()) as { data: { channelName: string }[] };
  return body.data.map((c) => c.channelName);
}

async function newChat(page: Page, text: string) {
  await page.getByTestId('new-chat').click();
  await sendMessage(page, text);
  await lastAnswerDone(page);
}

test('rename with Enter, Escape cancels, blank is ignored, delete asks first', async ({ page }) => {
  await openAsGuest(page);
  await newChat(page, 'First topic');
  const item = page.getByTestId('history-item').first();

  await item.getByTestId('rename').click();
  await page.getByTestId('rename-input').fill('  Renamed chat  ');
  await page.getByTestId('rename-input').press('Enter');
  await expect(item).toContainText('Renamed chat');
  await expect.poll(() => serverChannelNames(page)).toEqual(['Renamed chat']);

  await item.getByTestId('rename').click();
  await page.getByTestId('rename-input').fill('Not this');
  await page.getByTestId('rename-input').press('Escape');
  await expect(item).toContainText('Renamed chat');

  await item.getByTestId('rename').click();
  await page.getByTestId('rename-input').fill('   ');
  await page.getByTestId('rename-input').press('Enter');
  await expect(item).toContainText('Renamed chat');

  await item.getByTestId('delete').click();
  await expect(page.getByTestId('delete-confirm')).toBeVisible();
  await page.getByTestId('delete-confirm-button').click();
  await expect(page.getByTestId('history-item')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => serverChannelNames(page)).toEqual([]);
});

test('rename and delete made offline wait in the outbox and reach the server in order when online', async ({
  page,
  context,
}) => {
  await openAsGuest(page);
  await newChat(page, 'Keep me');
  await newChat(page, 'Delete me');
  await expect(page.getByTestId('history-item')).toHaveCount(2);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const keep = page.getByTestId('history-item').filter({ hasText: 'Keep me' });
  await keep.hover();
  await keep.getByTestId('rename').click();
  await page.getByTestId('rename-input').fill('Renamed offline');
  await page.getByTestId('rename-input').press('Enter');
  const doomed = page.getByTestId('history-item').filter({ hasText: 'Delete me' });
  await doomed.hover();
  await doomed.getByTestId('delete').click();
  await page.getByTestId('delete-confirm-button').click();

  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('history-item')).toContainText('Renamed offline');
  await expect(page.getByTestId('pending-writes')).toBeVisible();
  // Still offline: the server has neither change.
  expect((await serverChannelNames(page)).sort()).toEqual(['Delete me', 'Keep me']);

  // A reload while offline keeps the queued writes (they live in IndexedDB).
  await context.setOffline(false);
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('history-item')).toContainText('Renamed offline');
  await page.unroute('**/api/**');

  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => serverChannelNames(page)).toEqual(['Renamed offline']);
  await expect(page.getByTestId('pending-writes')).toHaveCount(0);
});
