import { expect, lastAnswerDone, openAsGuest, sendMessage, test } from './support/app';

test('reload keeps the history, drawn from the local cache before the network answers', async ({ page }) => {
  await openAsGuest(page);
  await sendMessage(page, 'Remember the blue notebook.');
  await lastAnswerDone(page);
  const chatUrl = page.url();

  // Hold every API answer for a long time: whatever shows up meanwhile comes from IndexedDB.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/**', async (route) => {
    await gate;
    await route.continue().catch(() => {});
  });
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveText('Remember the blue notebook.', { timeout: 5000 });
  await expect(page.getByTestId('message-assistant')).toContainText('blue notebook');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  expect(page.url()).toBe(chatUrl);
  // Searching the titles works from the cache alone (the network is still held) and the chat sits under Today.
  await expect(page.getByTestId('history-group')).toHaveText(['Today']);
  await page.getByTestId('history-search').fill('NOTEBOOK');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.getByTestId('history-search').fill('comets');
  await expect(page.getByTestId('history-item')).toHaveCount(0);
  await expect(page.getByTestId('history-no-match')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  release();
});

test('what is typed and not sent survives a reload, per chat, and leaves once sent', async ({ page }) => {
  await openAsGuest(page);
  const box = page.getByTestId('composer-input');
  await box.fill('A question for a new chat,\nstill being written');
  await page.reload();
  await expect(box).toHaveValue('A question for a new chat,\nstill being written');
  // Two lines given back get the box's height for two lines.
  expect(await box.evaluate((el) => el.clientHeight)).toBeGreaterThan(40);
  await sendMessage(page, 'Remember the green lamp.');
  await lastAnswerDone(page);
  await expect(box).toHaveValue('');
  const chatUrl = page.url();
  await box.fill('The next question in this chat');
  await page.getByTestId('new-chat').click();
  await expect(box).toHaveValue('');
  await page.goto(chatUrl);
  await expect(box).toHaveValue('The next question in this chat');
  await page.reload();
  await expect(box).toHaveValue('The next question in this chat');
  // Sent while the server does not answer, then reloaded: the question is back in the box, not lost.
  await expect(page.getByTestId('send')).toBeEnabled();
  await page.route('**/api/v1/chat/send', () => {});
  await box.press('Enter');
  await expect(page.getByTestId('message-user')).toHaveCount(2);
  await expect(box).toHaveValue('');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(box).toHaveValue('The next question in this chat');
  // Sent and answered: it leaves the box and the device for good.
  await expect(page.getByTestId('send')).toBeEnabled();
  await box.press('Enter');
  await expect(page.getByTestId('message-user')).toHaveCount(2);
  await lastAnswerDone(page);
  await page.reload();
  await expect(page.getByTestId('message-user')).toHaveCount(2);
  await expect(page.getByTestId('message-assistant')).toHaveCount(2);
  await expect(box).toHaveValue('');
});

test('a history of 600 chats draws only the rows in view, scrolls to the oldest and finds any by title', async ({
  page,
}) => {
  // The app's first sync replaces the cached chat list with the server's (empty) one: it must be over before the
  // chats are written, or it deletes them (seen when the app's start-up got faster).
  const listed = page.waitForResponse((response) => response.url().includes('/api/v1/chat/myChannelList'));
  await openAsGuest(page);
  await listed;
  // The server knows none of them (its empty list would clear them): every API answer is held.
  await page.route('**/api/**', () => {});
  // Written straight into the app's IndexedDB tables, as a long-used device would hold them.
  await page.evaluate(async () => {
    const open = indexedDB.open('parley');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = idb.transaction('channels', 'readwrite');
    const now = Date.now();
    for (let i = 0; i < 600; i++) {
      const at = new Date(now - (600 - i) * 3_600_000).toISOString();
      tx.objectStore('channels').put({
        channelId: `many-${String(i).padStart(4, '0')}`,
        channelName: `Saved chat ${String(i).padStart(4, '0')}`,
        model: 'standard',
        channelType: 'CHAT',
        createdAt: at,
        updatedAt: at,
      });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  });
  await page.reload();
  const items = page.getByTestId('history-item');
  await expect(items.first()).toHaveText('Saved chat 0599');
  expect(await items.count()).toBeLessThan(100);
  // The newest 40 are read first and the rest a moment later: on a loaded machine the first scroll can come
  // before the rest is there, and a reader would then scroll on, as this does.
  await expect(async () => {
    await page.locator('nav.history').evaluate((scroller) => {
      scroller.scrollTop = scroller.scrollHeight;
    });
    await expect(items.filter({ hasText: 'Saved chat 0000' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByTestId('history-search').fill('chat 0123');
  await expect(items).toHaveText(['Saved chat 0123']);
  await items.getByRole('link').click();
  await expect(page).toHaveURL(/\/chat\/many-0123$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('opening the app at a chat asks the server for it while the chat page’s code is still loading', async ({
  browser,
}) => {
  // No service worker: the chunk below must come from the network, where it can be held.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await openAsGuest(page);
  await sendMessage(page, 'Keep the red kite for later.');
  await lastAnswerDone(page);
  const chatUrl = page.url();

  const opened = await context.newPage();
  let releaseChunk: () => void = () => {};
  const chunkHeld = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  await opened.route(/\/assets\/ChatPage-[\w-]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  // Every start-up request by path, and whether the empty chat's welcome ever entered the page.
  const requested = new Map<string, number>();
  opened.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) requested.set(pathname, (requested.get(pathname) ?? 0) + 1);
  });
  await opened.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('#root .home-welcome'))
        (window as unknown as { sawWelcome: boolean }).sawWelcome = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const asked = opened.waitForRequest(/\/api\/v1\/chat\/getChannel$/, { timeout: 10_000 });
  // Asked by the document frame once the conversation is drawn: by then every start-up request was made.
  const settled = opened.waitForRequest(/\/api\/v1\/chat\/linkSources/, { timeout: 10_000 });
  await opened.goto(chatUrl);
  // Asked with the chat page's chunk still held: before, the chat was asked for only once it had drawn.
  await asked;
  releaseChunk();
  await expect(opened.getByTestId('message-user')).toHaveText('Keep the red kite for later.');
  await expect(opened.getByTestId('message-assistant')).toContainText('red kite');
  await settled;
  // The answer that came before the page's code is drawn in the page's first render: the empty chat's
  // "How can I help you today?" never shows, and nothing is asked twice (the chat, where the server sees
  // the browser, the tips with the experiments).
  expect(
    await opened.evaluate(() => (window as unknown as { sawWelcome?: boolean }).sawWelcome),
  ).toBeUndefined();
  for (const path of ['/api/v1/chat/getChannel', '/api/v1/tool/ip', '/api/v1/user/tips'])
    expect(requested.get(path) ?? 0, path).toBeLessThanOrEqual(1);
  expect(requested.get('/api/v1/chat/getChannel')).toBe(1);
  await context.close();
});
