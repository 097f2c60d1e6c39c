// The app's first draw (its frame, over the boot shell) is its page, never the pages' Suspense fallback: a
// first draw that suspended committed the fallback, and React 19 then held the page back until 300 ms after
// it, whenever the page's code came (bc34084 made the first draw wait for that code outside Suspense).
import type { Page } from '@playwright/test';
import { expect, lastAnswerDone, sendMessage, test } from './support/app';

interface FirstDraw {
  /** Whether the pages' Suspense fallback (AppRoutes, data-page-code-waiting) was ever in the document. */
  fallback: boolean;
  /** Whether the app's frame (not the boot shell, which has the same class) was drawn. */
  frame: boolean;
}

async function firstDraw(page: Page): Promise<FirstDraw> {
  await expect(page.getByTestId('composer-input')).toBeVisible();
  return page.evaluate(() => (window as unknown as { __firstDraw: FirstDraw }).__firstDraw);
}

test('the first draw is the page itself, never the pages’ loading fallback, on every open', async ({
  browser,
}) => {
  // No service worker: the chunks come from the network the first time, then from the browser's cache.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // Watches the document from its first node, before the app's code runs.
  await context.addInitScript(() => {
    const seen = { fallback: false, frame: false };
    (window as unknown as { __firstDraw: typeof seen }).__firstDraw = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-page-code-waiting]')) seen.fallback = true;
      if (document.querySelector('.shell:not(#boot)')) seen.frame = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const opens: string[] = [];
  const check = async (name: string) => {
    const drawn = await firstDraw(page);
    expect(drawn.frame, `${name}: the app's frame`).toBe(true);
    if (drawn.fallback) opens.push(name);
  };
  // The first visit (the page's code fetched), then reloads with it cached.
  await page.goto('/');
  await check('home, first visit');
  for (let open = 1; open <= 2; open++) {
    await page.reload();
    await check(`home, reload ${open}`);
  }
  // A chat opened at its address: its page waits for the chat beside its code.
  await sendMessage(page, 'A question to open again');
  await lastAnswerDone(page);
  await expect(page).toHaveURL(/\/chat\//);
  await page.reload();
  await check('a chat, reload');
  // In Arabic, under the language's prefix.
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await check('Arabic home');
  expect(opens, 'opens whose first draw committed the loading fallback').toEqual([]);
  await context.close();
});
