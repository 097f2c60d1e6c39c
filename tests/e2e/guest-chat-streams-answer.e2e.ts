import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import { makePdf } from '../helpers/doc-fixtures';
import { FAKE_IMAGE } from '../helpers/fake-openai';
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

  // Dislike asks why, with the server's reasons; the chosen reason is sent with the dislike.
  await answer.getByTestId('dislike').click();
  await expect(page.getByTestId('dislike-reason')).toHaveCount(4);
  const sent = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/chat/feedback') && request.postData()?.includes('reason') === true,
  );
  await page.getByTestId('dislike-reason').filter({ hasText: 'Did not follow instructions' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    type: 'dislike',
    reason: 'Did not follow instructions',
  });
  await expect(page.getByTestId('dislike-reasons')).toHaveCount(0);
  await expect(answer.getByTestId('dislike')).toHaveAttribute('aria-pressed', 'true');
});

test('New chat while the first question is on its way: home stays empty and the first chat goes on by itself', async ({
  page,
}) => {
  await openAsGuest(page);
  // The server takes its time with the first question.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/chat/send', async (route) => {
    await held;
    await route.continue();
  });
  await sendMessage(page, 'Name three moons of Jupiter.');
  await expect(page.getByTestId('message-user')).toHaveText('Name three moons of Jupiter.');
  await page.getByTestId('new-chat').click();
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // Its answer arrives: the first chat lands in the history, and nobody is taken back into it.
  const first = page.getByTestId('history-item').filter({ hasText: 'Name three moons of Jupiter.' });
  await expect(first).toHaveCount(1);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  // The next question starts a chat of its own.
  await sendMessage(page, 'What is the tallest volcano on Mars?');
  await expect(page).toHaveURL(/\/chat\//);
  await expect(page.getByTestId('message-user')).toHaveText(['What is the tallest volcano on Mars?']);
  await lastAnswerDone(page);
  // The first chat was answered meanwhile.
  await first.getByRole('link').click();
  await expect(page.getByTestId('message-user')).toHaveText(['Name three moons of Jupiter.']);
  await expect(page.getByTestId('message-assistant')).toHaveAttribute('data-status', 'done');
  // A follow-up there stays in that chat, also after a visit home and back (home's new chat is another one).
  const firstUrl = page.url();
  await sendMessage(page, 'And their sizes?');
  await lastAnswerDone(page);
  await page.getByTestId('new-chat').click();
  await expect(page.getByTestId('message-user')).toHaveCount(0);
  await first.getByRole('link').click();
  await sendMessage(page, 'Which one is the largest?');
  await lastAnswerDone(page);
  expect(page.url()).toBe(firstUrl);
  await expect(page.getByTestId('message-user')).toHaveText([
    'Name three moons of Jupiter.',
    'And their sizes?',
    'Which one is the largest?',
  ]);
  await expect(page.getByTestId('history-item')).toHaveCount(2);
});

test('guests are kept on the Standard model', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-GPT-4')).toHaveAttribute('data-disabled', '');
  await expect(page.getByTestId('model-Standard')).not.toHaveAttribute('data-disabled', '');
  // A guest's Standard messages are counted: its badge says Free, not Unlimited.
  await expect(page.getByTestId('model-Standard').locator('.badge')).toHaveText('Free');
});

test('a picture from another host in an answer is not fetched until the reader allows it', async ({
  page,
}) => {
  // The other host: a local server on its own port that counts what the browser asks it for.
  const asked: string[] = [];
  const outside = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end(FAKE_IMAGE);
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(outside.address() as AddressInfo).port}`;
  try {
    await openAsGuest(page);
    // The offline model quotes the question, so its answer carries the picture as markdown.
    await sendMessage(page, `Summarise this ![chart](http://${host}/pixel.png?q=secret-from-the-document)`);
    const answer = await lastAnswerDone(page);
    const placeholder = answer.getByTestId('outside-image');
    await expect(placeholder).toContainText(host);
    await expect(answer.locator('img')).toHaveCount(0);
    expect(asked).toEqual([]);

    await placeholder.getByTestId('load-outside-image').click();
    await expect(answer.locator('img')).toBeVisible();
    await expect
      .poll(() => answer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(8);
    expect(asked).toEqual(['/pixel.png?q=secret-from-the-document']);
  } finally {
    await new Promise((resolve) => outside.close(resolve));
  }
});

test('chat conventions: focus stays in the composer, Escape stops, a scrolled-up reader gets a way back, the last question is edited and resent, Ctrl+/ lists shortcuts', async ({
  page,
}) => {
  await openAsGuest(page);
  await sendMessage(page, 'A short first question');
  await lastAnswerDone(page);
  // A long question makes a long answer (the offline model quotes it), long enough to stop and to scroll.
  const long = Array.from({ length: 40 }, (_, i) => `Line ${i} about tides and moons.`).join('\n');
  await page.getByTestId('composer-input').fill(long);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('composer-input')).toBeFocused();
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'streaming');
  // Scrolled up while the answer is written: the list stays there and offers the latest message.
  await expect(page.getByTestId('jump-to-bottom')).toHaveCount(0);
  await page.getByTestId('message-list').hover();
  await page.mouse.wheel(0, -5000);
  await expect(page.getByTestId('jump-to-bottom')).toBeVisible();
  await page.getByTestId('jump-to-bottom').click();
  await expect(page.getByTestId('jump-to-bottom')).toHaveCount(0);
  await page.getByTestId('composer-input').focus();
  await page.keyboard.press('Escape');
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId('send')).toBeVisible();

  // Edit the long question: it and its stopped answer give way to the new question and its answer.
  const long_ = page.getByTestId('message-user').last();
  await long_.hover();
  await long_.getByTestId('edit-question').click();
  await expect(page.getByTestId('edit-input')).toHaveValue(long);
  await page.getByTestId('edit-input').fill('An edited second question');
  await page.keyboard.press('Enter');
  const questions = page.getByTestId('message-user');
  await expect(questions).toHaveCount(2);
  await expect(questions.last()).toHaveText(/An edited second question/);
  await lastAnswerDone(page);
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);
  await expect(page.getByTestId('message-assistant').last()).toContainText('An edited second question');
  // Also after a reload: the server and the device agree.
  await page.reload();
  await expect(questions).toHaveText([/A short first question/, /An edited second question/]);
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);

  await page.getByTestId('composer-input').focus();
  await page.keyboard.press('Control+/');
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  await expect(page.getByTestId('shortcuts')).toContainText('Stop the answer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts')).toHaveCount(0);
  // Ctrl+I (Cmd+K on a Mac) goes to a new chat, but not from the composer, where it belongs to the text box.
  const chatUrl = page.url();
  await page.getByTestId('composer-input').focus();
  await page.keyboard.press('Control+i');
  expect(page.url()).toBe(chatUrl);
  await page.getByTestId('composer-input').blur();
  await page.keyboard.press('Control+i');
  await expect(page).not.toHaveURL(/\/chat\//);
  await expect(page.getByRole('heading', { name: 'How can I help you today?' })).toBeVisible();
});

test('a document attached in the main composer opens its document chat', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('composer-attach-input').setInputFiles([
    {
      name: 'tides.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['Spring tides follow the new and the full moon.']),
    },
  ]);
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/, { timeout: 30_000 });
  await expect(page.getByTestId('doc-pane')).toBeVisible();
});

test('highlight.js is fetched only for an answer with code, which ends highlighted', async ({ page }) => {
  const highlighter: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/highlight-[\w-]+\.js$/.test(new URL(request.url()).pathname))
      highlighter.push(request.url());
  });
  await openAsGuest(page);
  await sendMessage(page, 'How do rivers make a delta?');
  await expect((await lastAnswerDone(page)).locator('p').first()).toBeVisible();
  expect(highlighter).toEqual([]);

  // The offline model quotes the question, so its answer carries the fenced block (inside a quote).
  await sendMessage(
    page,
    'Why does this loop print twice?\n```python\nfor i in range(2):\n    print(i)\n```',
  );
  const answer = await lastAnswerDone(page);
  await expect(answer.getByTestId('code-block')).toHaveAttribute('data-language', 'python');
  await expect(answer.locator('pre code .hljs-keyword').first()).toHaveText('for');
  await expect(answer.locator('pre code')).toHaveText('for i in range(2):\n    print(i)\n');
  expect(highlighter).toHaveLength(1);
});

test("a first visit's early call refused before the guest token arrived does not cost the guest its new token", async ({
  page,
}) => {
  // Opened first at the presentations, the page asks for their list before its visit has a token. Here the
  // visit is answered only once that call has been refused, and the refusal reaches the page only after the
  // visit's token is stored: the order a slow network or a busy server gives.
  let visits = 0;
  let listRefused!: () => void;
  const refused = new Promise<void>((resolve) => {
    listRefused = resolve;
  });
  let refusedLate = false;
  await page.route('**/api/v1/auth/visit', async (route) => {
    visits += 1;
    const response = await route.fetch();
    if (visits === 1) await refused;
    await route.fulfill({ response });
  });
  await page.route('**/api/v1/presentation/list', async (route) => {
    const response = await route.fetch();
    if (response.status() === 401 && !refusedLate) {
      listRefused();
      await page.waitForFunction(() => localStorage.getItem('guest-authorization') !== null);
      refusedLate = true;
    }
    await route.fulfill({ response });
  });
  await page.goto('/creation/all/Presentation');
  await expect.poll(() => refusedLate).toBe(true);
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  expect(token).not.toBeNull();
  // The guest keeps the token its visit gave: no second visit, the same token after a moment and a reload.
  await page.waitForTimeout(1000);
  expect(visits).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('guest-authorization'))).toBe(token);
  await page.reload();
  await expect(page.getByTestId('presentation-page')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('guest-authorization'))).toBe(token);
});
