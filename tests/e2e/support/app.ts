import { test as base, expect, type Page } from '@playwright/test';

export const serverUrl = () => {
  const url = process.env.PARLEY_E2E_URL;
  if (!url) throw new Error('PARLEY_E2E_URL is not set (global setup did not run)');
  return url;
};

export const test = base.extend<{ baseURL: string; noCspViolations: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  baseURL: async ({}, use) => use(serverUrl()),
  // The app runs under its Content-Security-Policy: anything it blocks fails the test that caused it.
  noCspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
        ),
      );
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Waits until the app is ready as a guest (a guest token obtained through the visit call). */
export async function openAsGuest(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('auth-state')).toHaveText(/Guest|ضيف|访客|Invitado/);
}

export async function sendMessage(page: Page, text: string) {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('send').click();
}

/** The last assistant answer once it is complete. */
export async function lastAnswerDone(page: Page) {
  const answer = page.getByTestId('message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  return answer;
}

/** Reads the cached messages straight from the browser's IndexedDB (the app's Dexie database). */
export async function cachedMessages(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ id: string; role: string; content: string; status: string; channelId: string }[]>(
        (resolve, reject) => {
          const open = indexedDB.open('parley');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('messages', 'readonly');
            const all = tx.objectStore('messages').getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => reject(all.error);
          };
        },
      ),
  );
}

/** The newest login code mailed to this address (read from the SMTP sink's inbox file). */
export async function mailedCode(email: string): Promise<string> {
  const fs = await import('node:fs');
  const file = process.env.PARLEY_E2E_INBOX ?? '';
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(file)
        ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean)
        : [];
      const mails = lines
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .filter((m) => m.to === email);
      code = mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function logIn(page: Page, email: string) {
  await page.getByTestId('open-login').click();
  await logInThroughTheOpenModal(page, email);
}

/** The login modal is open (the sidebar's button, or an action that needs a login): email, mailed code. */
export async function logInThroughTheOpenModal(page: Page, email: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-next').click();
  await expect(page.getByTestId('code-boxes')).toBeVisible();
  const code = await mailedCode(email);
  await page.getByTestId('code-box').first().focus();
  await page.keyboard.type(code);
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('auth-state')).toHaveText(email);
}

/**
 * Holds the requests that match `url` until the returned function is called (a chunk, a stylesheet or the API
 * that arrives late), then lets them go on.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
