import type { Page } from '@playwright/test';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import {
  cachedMessages,
  expect,
  lastAnswerDone,
  openAsGuest,
  sendMessage,
  serverUrl,
  test,
} from './support/app';
import { type FlakyProxy, startFlakyProxy } from './support/flaky-proxy';

let proxy: FlakyProxy;

/** The cache holds one answer, identical to what the server's deterministic model produced. */
async function expectExactlyOneCompleteAnswer(page: Page) {
  const expected = composeOfflineAnswer([{ role: 'user', content: QUESTION }]);
  await expect
    .poll(async () =>
      (await cachedMessages(page)).filter((m) => m.role === 'assistant').map((m) => m.content),
    )
    .toEqual([expected]);
}
test.beforeEach(async () => {
  proxy = await startFlakyProxy(serverUrl());
});
test.afterEach(async () => {
  await proxy.close();
});

const QUESTION =
  'Tell me everything about tunnels, trains and mobile networks. Why do connections drop in tunnels? ' +
  'How do trains keep passengers online? What do engineers do about signal loss underground?';

test('the network dropped mid-answer and restored: the full answer arrives once, nothing lost or doubled', async ({
  page,
}) => {
  await openAsGuest(page, `${proxy.url}/`);
  await sendMessage(page, QUESTION);
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toContainText('offline model');
  await expect(answer).toHaveAttribute('data-status', 'streaming');

  proxy.drop();
  await expect(page.getByTestId('reconnecting')).toBeVisible();
  await page.waitForTimeout(1500);
  proxy.restore();

  await lastAnswerDone(page);
  await expectExactlyOneCompleteAnswer(page);
  await expect(answer.getByText('To get real AI answers')).toHaveCount(1);
});

test('a reload in the middle of an answer picks the same answer up again', async ({ page }) => {
  await openAsGuest(page, `${proxy.url}/`);
  await sendMessage(page, QUESTION);
  await expect(page.getByTestId('message-assistant').last()).toContainText('offline model');
  await expect(page).toHaveURL(/\/chat\//);
  await page.reload();
  await lastAnswerDone(page);
  await expectExactlyOneCompleteAnswer(page);
});
