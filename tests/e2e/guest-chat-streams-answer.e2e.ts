import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import { cachedMessages, expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('a guest sends a message and sees the answer stream in, then lands on the new chat', async ({
  page,
}) => {
  await openAsGuest(page);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await sendMessage(page, 'How do rockets fly in space?');

  await expect(page.getByTestId('message-user')).toHaveText('How do rockets fly in space?');
  const answer = page.getByTestId('message-assistant').last();
  // Streaming: the answer is visible while it is still being written.
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  await expect(answer).toContainText('Parley offline model');
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);

  await lastAnswerDone(page);
  await expect(answer).toContainText('To get real AI answers');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await expect(page.getByTestId('history-item')).toContainText('How do rockets fly in space?');

  const expected = composeOfflineAnswer([{ role: 'user', content: 'How do rockets fly in space?' }]);
  await expect
    .poll(async () => (await cachedMessages(page)).find((m) => m.role === 'assistant')?.content)
    .toBe(expected);
});

test('guests are kept on the Standard model', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-GPT-4')).toHaveAttribute('data-disabled', '');
  await expect(page.getByTestId('model-Standard')).not.toHaveAttribute('data-disabled', '');
});
