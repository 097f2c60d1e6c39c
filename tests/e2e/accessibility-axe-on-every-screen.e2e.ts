// axe-core finds no critical or serious violation on the main screens, dialogs and a share page, in English, in Arabic
// and in the dark theme, and on the key screens in the blue and green themes; every screen has one h1 and a skip
// link to its content. The theme chosen in Settings is kept on the device and applied before the first paint.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { makePdf } from '../helpers/doc-fixtures';
import { expect, lastAnswerDone, logIn, openAsGuest, sendMessage, test } from './support/app';
import { newWritingDoc } from './support/writing';

async function expectAccessible(page: Page, screen: string, options: { dialog?: boolean } = {}) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.html.slice(0, 160)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  expect.soft(serious, `${screen}: critical/serious axe violations`).toEqual([]);
  if (!options.dialog) await expect.soft(page.locator('h1'), `${screen}: one h1`).toHaveCount(1);
}

/** Every screen of the app, as a guest and then as a member (pricing), under one language prefix. */
async function walkScreens(page: Page, prefix: '' | '/ar', email: string) {
  await openAsGuest(page, `${prefix}/`);
  // The skip link is the first thing Tab reaches, and it leads to the page's content.
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#content')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
  await expectAccessible(page, 'home');

  await page.getByTestId('open-login').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expectAccessible(page, 'login dialog', { dialog: true });
  await page.keyboard.press('Escape');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await expect(page.getByTestId('settings-modal')).toBeVisible();
  await expectAccessible(page, 'settings dialog', { dialog: true });
  await page.getByTestId('settings-documents-tab').click();
  await expect(page.getByTestId('ocr-switch')).toBeVisible();
  await expectAccessible(page, 'settings dialog, documents', { dialog: true });
  await page.keyboard.press('Escape');

  await sendMessage(page, 'Explain markdown tables with a short example');
  await lastAnswerDone(page);
  await expectAccessible(page, 'chat with an answer');
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-create').click();
  const shareKey = (await page.getByTestId('share-link').inputValue()).split('/').pop();
  await expectAccessible(page, 'share dialog', { dialog: true });
  await page.keyboard.press('Escape');

  await page.goto(`${prefix}/chatwithdoc`);
  await expect(page.getByTestId('upload-input')).toBeAttached();
  await expectAccessible(page, '/chatwithdoc');

  await page.getByTestId('upload-input').setInputFiles({
    name: 'keeper.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf(['Welcome to the lighthouse keeper manual.', 'The lamp is lit at sunset.']),
  });
  await page.getByTestId('doc-chat-start').click({ timeout: 30_000 });
  await expect(page.getByTestId('doc-pane')).toBeVisible();
  await expect(page.locator('[data-testid="doc-page"][data-drawn="true"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'document chat');

  await newWritingDoc(page, `${prefix}/writing`);
  await expectAccessible(page, '/writing with a document');

  await page.goto(`${prefix}/workspace`);
  await expect(page.getByTestId('auth-state')).toBeVisible();
  await expectAccessible(page, '/workspace');

  await logIn(page, email);
  await page.getByTestId('upgrade-button').click();
  await expect(page.getByTestId('pricing-modal').locator('[data-testid^="buy-"]').first()).toBeVisible();
  await expectAccessible(page, 'pricing dialog', { dialog: true });
  await page.getByTestId('pricing-modal').getByTestId('modal-close').click();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-billing').click();
  await expect(page.getByTestId('billing-modal')).toBeVisible();
  await expectAccessible(page, 'billing dialog', { dialog: true });
  await page.getByTestId('billing-close').click();

  await page.goto(`${prefix}/share/${shareKey}`);
  await expect(page.getByTestId('share-page')).toBeVisible();
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  await expectAccessible(page, 'share page');
}

test('English, light theme', async ({ page }) => {
  await walkScreens(page, '', 'axe-en@example.com');
});

test('Arabic, light theme', async ({ page }) => {
  await walkScreens(page, '/ar', 'axe-ar@example.com');
});

test('dark theme chosen in Settings: kept after a reload, applied before the first paint, and accessible', async ({
  page,
}) => {
  // Which theme the page has when <body> first appears, before the app's script runs.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string }).themeAtBody =
        document.documentElement.dataset.theme ?? 'none';
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await openAsGuest(page);
  const html = page.locator('html');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-appearance-tab').click();
  await page.getByTestId('theme-dark').check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByTestId('auth-state')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
    'rgb(17, 17, 19)',
  );
  await walkScreens(page, '', 'axe-dark@example.com');
});

// The blue and green themes (dark variants with their own scales): the screens that hold every kind of colour
// pair (page, sidebar and menu, composer, an answer with code, dialogs, the editor, the upload page), in one
// language each so the suite stays quick.
for (const { theme, prefix } of [
  { theme: 'blue', prefix: '' },
  { theme: 'green', prefix: '/ar' },
] as const)
  test(`${theme} theme${prefix ? ' in Arabic' : ''}: home, menu, chat with an answer, dialogs, /chatwithdoc and /writing are accessible`, async ({
    page,
  }) => {
    await openAsGuest(page, `${prefix}/`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-appearance-tab').click();
    await page.getByTestId(`theme-${theme}`).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectAccessible(page, `${theme}: settings dialog`, { dialog: true });
    await page.keyboard.press('Escape');
    await expectAccessible(page, `${theme}: home`);

    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('menu-settings')).toBeVisible();
    await expectAccessible(page, `${theme}: user menu`, { dialog: true });
    await page.keyboard.press('Escape');

    await sendMessage(page, 'Show a short code example in a fenced block');
    await lastAnswerDone(page);
    await expectAccessible(page, `${theme}: chat with an answer`);

    await page.getByTestId('open-login').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expectAccessible(page, `${theme}: login dialog`, { dialog: true });
    await page.keyboard.press('Escape');

    // A tooltip (the page's colours inverted) over the sidebar.
    await page.getByTestId('sidebar-toggle').hover();
    await expect(page.getByRole('tooltip')).toBeAttached();
    await expectAccessible(page, `${theme}: a tooltip`);

    await page.goto(`${prefix}/chatwithdoc`);
    await expect(page.getByTestId('upload-input')).toBeAttached();
    await expectAccessible(page, `${theme}: /chatwithdoc`);

    await newWritingDoc(page, `${prefix}/writing`);
    await expectAccessible(page, `${theme}: /writing with a document`);
  });
