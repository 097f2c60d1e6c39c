import {
  cachedMessages,
  expect,
  lastAnswerDone,
  logIn,
  mailedCode,
  openAsGuest,
  sendMessage,
  serverUrl,
  test,
} from './support/app';

test('log in with the code from the mail, stay logged in after a reload, then log out', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'ada@example.com');
  await page.reload();
  await expect(page.getByTestId('auth-state')).toHaveText('ada@example.com');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm-button').click();
  await expect(page.getByTestId('open-login')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authorization'))).toBeNull();
});

test('after the session ends on another device, the login that opens starts empty and logs in another account, who sees none of the first one’s writing', async ({
  page,
}) => {
  await openAsGuest(page);
  await logIn(page, 'fay@example.com');
  await page.goto('/writing');
  await page.getByTestId('writing-new').click();
  await page.getByTestId('writing-title').fill('Fay notes');
  await expect(page.getByTestId('writing-doc').filter({ hasText: 'Fay notes' })).toHaveCount(1);
  // Fay signs out on another device: her token here is refused from then on.
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  await fetch(`${serverUrl()}/api/v1/auth/signout`, {
    method: 'POST',
    headers: { Authorization: token ?? '' },
  });
  // The next sync (the network coming back) meets the 401: this page is a guest again.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('open-login')).toBeVisible();
  await page.getByTestId('open-login').click();
  // Nothing of Fay's login is left in the dialog: not her address, not her code in the boxes.
  await expect(page.getByTestId('login-email')).toHaveValue('');
  await page.getByTestId('login-email').fill('gus@example.com');
  await page.getByTestId('login-next').click();
  for (const box of await page.getByTestId('code-box').all()) await expect(box).toHaveValue('');
  const code = await mailedCode('gus@example.com');
  await page.getByTestId('code-box').first().focus();
  await page.keyboard.type(code);
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('auth-state')).toHaveText('gus@example.com');
  // Nothing Fay's device kept is Gus's to see: not her writing, in the list or in the browser's storage.
  await page.goto('/writing');
  await page.getByTestId('writing-new').click();
  await expect(page.getByTestId('writing-doc')).toHaveCount(1);
  await expect(page.getByTestId('writing-doc').filter({ hasText: 'Fay notes' })).toHaveCount(0);
  const keptTitles = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('writingSummaries').objectStore('writingSummaries').getAll();
          all.onsuccess = () => resolve(all.result.map((doc: { docTitle: string }) => doc.docTitle));
          all.onerror = () => reject(all.error);
        };
      }),
  );
  expect(keptTitles).not.toContain('Fay notes');
});

test('a wrong code shows the message and red boxes; typing clears them', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-email').fill('not an email');
  await page.getByTestId('login-next').click();
  await expect(page.getByTestId('login-email-error')).toHaveText('Please enter a valid email address.');
  await page.getByTestId('login-email').fill('bob@example.com');
  await page.getByTestId('login-next').click();
  const right = await mailedCode('bob@example.com');
  const wrong = right === '000000' ? '111111' : '000000';
  await expect(page.getByTestId('resend-countdown')).toContainText('Resend in');
  await page.getByTestId('code-box').first().focus();
  await page.keyboard.type(wrong);
  await expect(page.getByTestId('login-code-error')).toBeVisible();
  await expect(page.getByTestId('code-boxes')).toHaveAttribute('data-error', 'true');
  await page.getByTestId('code-box').last().press('Backspace');
  await expect(page.getByTestId('code-boxes')).toHaveAttribute('data-error', 'false');
});

test('a pasted code is taken only when it is exactly six digits', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-email').fill('cy@example.com');
  await page.getByTestId('login-next').click();
  await expect(page.getByTestId('code-boxes')).toBeVisible();
  const paste = (text: string) =>
    page
      .getByTestId('code-box')
      .first()
      .evaluate((box, value) => {
        const data = new DataTransfer();
        data.setData('text/plain', value);
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, text);
  await paste('12345');
  const values = () =>
    page
      .getByTestId('code-box')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value).join(''));
  expect(await values()).toBe('');
  await paste(await mailedCode('cy@example.com'));
  await expect(page.getByTestId('auth-state')).toHaveText('cy@example.com');
});

test('in Chinese, a code typed in full-width digits (１２３４５６, an input method in full-width mode) logs in', async ({
  page,
}) => {
  await openAsGuest(page, '/zh/');
  await page.getByTestId('open-login').click();
  await page.getByTestId('login-email').fill('mei@example.com');
  await page.getByTestId('login-next').click();
  const code = await mailedCode('mei@example.com');
  const fullWidth = [...code].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
  await page.getByTestId('code-box').first().focus();
  // The boxes dropped every full-width digit and stayed empty.
  await page.keyboard.type(fullWidth.slice(0, 3));
  await expect(page.getByTestId('code-box').nth(2)).toHaveValue(code[2]);
  await page.keyboard.type(fullWidth.slice(3));
  await expect(page.getByTestId('auth-state')).toHaveText('mei@example.com');
});

test('chats made as a guest are still there after logging in, and leave the device at logout', async ({
  page,
}) => {
  await openAsGuest(page);
  await sendMessage(page, 'Guest thoughts about gardening');
  await lastAnswerDone(page);
  await logIn(page, 'dee@example.com');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByTestId('auth-state')).toHaveText('dee@example.com');
  await expect(page.getByTestId('history-item')).toContainText('Guest thoughts about gardening');

  // Logging out forgets what this device kept for the account (the next person here is a new guest).
  const tableCounts = () =>
    page.evaluate(
      () =>
        new Promise<Record<string, number>>((resolve, reject) => {
          const open = indexedDB.open('parley');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const names = ['messages', 'channels', 'writingDocs', 'prompts'];
            const tx = open.result.transaction(names, 'readonly');
            const counts: Record<string, number> = {};
            for (const name of names) {
              const request = tx.objectStore(name).count();
              request.onsuccess = () => {
                counts[name] = request.result;
              };
            }
            tx.oncomplete = () => resolve(counts);
          };
        }),
    );
  await page.goto('/writing');
  await page.getByTestId('writing-new').click();
  await page.getByTestId('writing-title').fill('Member notes');
  await expect.poll(async () => (await tableCounts()).writingDocs).toBe(1);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-confirm-button').click();
  await expect(page.getByTestId('open-login')).toBeVisible();
  await expect(page.getByTestId('history-item')).toHaveCount(0);
  await expect.poll(tableCounts).toEqual({ messages: 0, channels: 0, writingDocs: 0, prompts: 0 });
});
