import type { Locator } from '@playwright/test';
import { expect, lastAnswerDone, mailedCode, openAsGuest, sendMessage, test } from './support/app';

/** The confirmation floats clear of the dialog's heading: its top at or below the heading's bottom. */
async function expectBelowHeading(confirm: Locator, heading: Locator) {
  await expect(heading).toBeVisible();
  const [box, title] = [await confirm.boundingBox(), await heading.boundingBox()];
  expect(box && title).toBeTruthy();
  if (box && title)
    expect(box.y, 'confirmation top against the heading bottom').toBeGreaterThanOrEqual(
      title.y + title.height,
    );
}

test('a shared chat opens without a login, another user continues it in their own chat, revoking ends the link', async ({
  page,
  browser,
  baseURL,
}) => {
  await openAsGuest(page);
  await sendMessage(page, 'Which fruit has the most vitamin C?');
  await lastAnswerDone(page);
  await expect(page).toHaveURL(/\/chat\//);
  const ownerChat = page.url();

  await page.getByTestId('share-open').click();
  await page.getByTestId('share-create').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId('share-item')).toHaveCount(1);
  // The dialog is drawn with its own styles in the chat (they came only with the shared-chat page before): the
  // link beside its copy button, each share one line with its stop button and no list bullet.
  const sameRow = async (a: Locator, b: Locator) => {
    const [x, y] = [await a.boundingBox(), await b.boundingBox()];
    return !!x && !!y && x.y < y.y + y.height && y.y < x.y + x.height;
  };
  expect(await sameRow(page.getByTestId('share-link'), page.getByTestId('share-copy'))).toBe(true);
  const share = page.getByTestId('share-item');
  expect(await sameRow(share.locator('span').first(), share.getByTestId('share-revoke'))).toBe(true);
  await expect(page.getByTestId('share-item')).toHaveCSS('list-style-type', 'none');

  // The chat goes on after sharing; the share keeps the moment it was made.
  await page.keyboard.press('Escape');
  await sendMessage(page, 'A later question that stays private');
  await lastAnswerDone(page);

  const visitor = await browser.newContext({ baseURL });
  const other = await visitor.newPage();
  await other.goto(link);
  await expect(other.getByTestId('share-page')).toBeVisible();
  await expect(other.getByTestId('share-title')).toHaveText('Which fruit has the most vitamin C?');
  await expect(other.getByTestId('message-user')).toHaveText(['Which fruit has the most vitamin C?']);
  await expect(other.getByTestId('message-assistant')).toHaveCount(1);
  await expect(other.getByText('A later question that stays private')).toHaveCount(0);
  await expect(other.getByTestId('composer')).toHaveCount(0);
  await expect(other.getByRole('button', { name: /Read Document/i })).toHaveCount(0);

  // Continue: the key goes into the query, is stored and removed from the URL, and the login is asked for.
  await other.getByTestId('share-continue').click();
  await expect(other.getByTestId('login-modal')).toBeVisible();
  expect(new URL(other.url()).searchParams.has('shareKey')).toBe(false);
  expect(await other.evaluate(() => localStorage.getItem('parley.pendingShareKey'))).toBe(
    link.split('/').pop(),
  );
  await other.getByTestId('login-email').fill('continuer@example.com');
  await other.getByTestId('login-next').click();
  await expect(other.getByTestId('code-boxes')).toBeVisible();
  const code = await mailedCode('continuer@example.com');
  await other.getByTestId('code-box').first().focus();
  await other.keyboard.type(code);
  await expect(other.getByTestId('auth-state')).toHaveText('continuer@example.com');

  await expect(other).toHaveURL(/\/chat\//);
  expect(other.url()).not.toBe(ownerChat);
  await expect(other.getByTestId('message-user')).toHaveText(['Which fruit has the most vitamin C?']);
  await sendMessage(other, 'And which vegetable?');
  await lastAnswerDone(other);
  await expect(other.getByTestId('message-user')).toHaveText([
    'Which fruit has the most vitamin C?',
    'And which vegetable?',
  ]);
  expect(await other.evaluate(() => localStorage.getItem('parley.pendingShareKey'))).toBeNull();

  // The owner's chat did not get the continuer's message.
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveCount(2);
  await expect(page.getByText('And which vegetable?')).toHaveCount(0);

  // Revoke asks first: Cancel keeps the link, Stop sharing ends it, and then the link answers not found.
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-revoke').click();
  await expect(page.getByTestId('share-revoke-confirm')).toContainText('Stop sharing this link?');
  // It opened above its button, over the dialog's heading: it now keeps the heading in view.
  await expectBelowHeading(
    page.getByTestId('share-revoke-confirm'),
    page.getByRole('heading', { name: 'Share this chat' }),
  );
  await page.getByTestId('share-revoke-confirm').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('share-revoke-confirm')).toHaveCount(0);
  await expect(page.getByTestId('share-item')).toHaveCount(1);
  await page.getByTestId('share-revoke').click();
  await page.getByTestId('share-revoke-confirm-button').click();
  await expect(page.getByTestId('share-item')).toHaveCount(0);
  const stranger = await visitor.newPage();
  await stranger.goto(link);
  await expect(stranger.getByTestId('share-not-found')).toContainText('no longer shared');
  // A dead link is not a dead end: the app is one step away.
  await stranger.getByTestId('share-not-found').getByRole('link', { name: 'Back to home' }).click();
  await expect(stranger.getByTestId('composer')).toBeVisible();
  // The owner's chat itself, at its address: not theirs, said so, with a new chat one tap away.
  const chatAddress = new URL(page.url()).pathname;
  expect(chatAddress).toMatch(/\/chat\//);
  await stranger.goto(chatAddress);
  await expect(stranger.getByTestId('chat-not-found')).toBeVisible();
  await stranger.getByTestId('chat-not-found').getByRole('button', { name: 'New chat' }).click();
  await expect(stranger).not.toHaveURL(/\/chat\//);
  await expect(stranger.getByTestId('composer')).toBeVisible();
  await visitor.close();

  // A first visit straight to that address (no guest session yet: the chat is asked for before it exists) is
  // told the same, on a phone in Arabic, instead of an empty chat whose first question fails.
  const newcomer = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const first = await newcomer.newPage();
  await first.goto(`/ar${chatAddress}`);
  await expect(first.getByTestId('chat-not-found')).toBeVisible();
  await expect(first.getByTestId('composer-input')).toHaveCount(0);
  await newcomer.close();
});

test('on a phone in Arabic, Stop sharing stands apart from Copy link, 44 px tall, and asks before it ends the link', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    locale: 'ar',
  });
  const page = await context.newPage();
  await openAsGuest(page, '/ar');
  await sendMessage(page, 'ما الفاكهة الأغنى بفيتامين سي؟');
  await lastAnswerDone(page);
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-create').click();
  await expect(page.getByTestId('share-item')).toHaveCount(1);
  const copy = await page.getByTestId('share-copy').boundingBox();
  const stop = await page.getByTestId('share-revoke').boundingBox();
  expect(copy && stop).toBeTruthy();
  if (!copy || !stop) return;
  // It sat flush under Copy link (0 px apart), one slip of the thumb from ending the link.
  expect(stop.y - (copy.y + copy.height), 'room between Copy link and Stop sharing').toBeGreaterThanOrEqual(
    12,
  );
  expect(stop.height, 'Stop sharing height').toBeGreaterThanOrEqual(44);
  await page.getByTestId('share-revoke').tap();
  const confirm = page.getByTestId('share-revoke-confirm');
  await expect(confirm).toContainText('إيقاف مشاركة هذا الرابط؟');
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await expectBelowHeading(confirm, page.getByRole('heading', { name: 'مشاركة هذه المحادثة' }));
  await expect(page.getByTestId('share-item')).toHaveCount(1);
  await page.getByTestId('share-revoke-confirm-button').tap();
  await expect(page.getByTestId('share-item')).toHaveCount(0);
  await expect(page.getByText('لم يعد الرابط يعمل.')).toBeVisible();
  await context.close();
});
