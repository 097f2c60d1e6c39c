// The app's addresses as a person uses them: Back and Forward between home and a chat, the open chat and
// feature marked in the sidebar, a leading language code kept by every link, and a page for unknown addresses.
import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('Back and Forward move between home and a chat; the open chat is marked, and opening it again adds no step', async ({
  page,
}) => {
  await openAsGuest(page);
  await sendMessage(page, 'Where do rivers begin?');
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await lastAnswerDone(page);
  const chatUrl = page.url();

  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/$/);
  const row = page.getByTestId('history-item').filter({ hasText: 'Where do rivers begin?' });
  await expect(row).not.toHaveClass(/active/);

  await row.getByRole('link').click();
  await expect(page).toHaveURL(chatUrl);
  await expect(page.getByTestId('message-user')).toHaveText('Where do rivers begin?');
  await expect(row).toHaveClass(/active/);
  await expect(row.getByRole('link')).toHaveAttribute('aria-current', 'page');
  // The chat already open, opened again: Back still leads home, not to the same chat.
  await row.getByRole('link').click();

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await expect(row).not.toHaveClass(/active/);

  await page.goForward();
  await expect(page).toHaveURL(chatUrl);
  await expect(page.getByTestId('message-user')).toHaveText('Where do rivers begin?');

  // A feature's link is marked while its page is open.
  await page.getByTestId('feature-writing').click();
  await expect(page).toHaveURL(/\/writing$/);
  await expect(page.getByTestId('feature-writing')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('feature-workspace')).not.toHaveAttribute('aria-current', 'page');
});

test('under /ar a chat opens at /ar/chat/{id} and the links keep /ar', async ({ page }) => {
  await openAsGuest(page, '/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await sendMessage(page, 'ما هو النهر؟');
  await expect(page).toHaveURL(/\/ar\/chat\/[\w-]+$/);
  await lastAnswerDone(page);
  const chatPath = new URL(page.url()).pathname;

  // Opened at the chat's address: the chat, in Arabic, with its row marked.
  await page.goto(chatPath);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('message-user')).toHaveText('ما هو النهر؟');
  await expect(page.getByTestId('history-item').first().getByRole('link')).toHaveAttribute('href', chatPath);
  await expect(page.getByTestId('feature-writing')).toHaveAttribute('href', '/ar/writing');

  await page.getByTestId('new-chat').click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
});

test('an unknown address shows that the page does not exist, with a way home in the address’s language', async ({
  page,
}) => {
  await page.goto('/ar/no-such-page');
  await expect(page.getByText('هذه الصفحة غير موجودة.')).toBeVisible();
  // Inside the app's frame: the sidebar is there.
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByTestId('composer')).toBeVisible();

  // A first segment that is no language and no page.
  await page.goto('/no-such-page/further');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('composer')).toBeVisible();
});
