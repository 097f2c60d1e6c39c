import type { Page } from '@playwright/test';
import { expect, holdRequests, lastAnswerDone, logIn, openAsGuest, sendMessage, test } from './support/app';

test('usage shows today’s messages on the free plan', async ({ page }) => {
  await openAsGuest(page);
  await sendMessage(page, 'Count me');
  await lastAnswerDone(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-usage').click();
  await expect(page.getByTestId('usage-view')).toContainText('Usage today');
  await expect(page.getByTestId('usage-view')).toContainText('1 / 30');
  // Drawn with its styles on a first visit (they came only with the login dialog's code): a bar under each line.
  await expect(page.getByTestId('usage-view').getByRole('progressbar').first()).toHaveCSS('height', '8px');
  // The free plan has no advanced-model messages (a limit of 0): said so, with no bar (it read '0 / 0' over a
  // full bar).
  const advanced = page.getByTestId('usage-row').filter({ hasText: 'Advanced model messages' });
  await expect(advanced).toContainText('Not included in your plan');
  await expect(advanced).not.toContainText('0 / 0');
  await expect(advanced.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('usage-view').getByRole('progressbar')).toHaveCount(3);
});

test('settings: a connector joins the waiting list; a language choice reloads at /{lang}', async ({
  page,
}) => {
  await openAsGuest(page);
  // The home page's template tabs and the settings tabs are tabs, not bare browser buttons, on a first visit.
  await expect(page.getByTestId('template-tab-Mine')).toHaveCSS('border-top-style', 'none');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await expect(page.getByTestId('settings-modal')).toBeVisible();
  await expect(page.getByTestId('settings-connector-tab')).toHaveCSS('border-top-style', 'none');
  await page.getByTestId('settings-connector-tab').click();
  const notion = page.getByTestId('connector-NOTION');
  await notion.getByRole('button').click();
  await expect(notion).toContainText('On the waiting list');

  await page.getByTestId('settings-languages-tab').click();
  // English is both recommended and in the full list: checked in both (the recommended row showed unchecked).
  await expect(page.getByTestId('language-en')).toHaveCount(2);
  for (const row of await page.getByTestId('language-en').all()) await expect(row).toBeChecked();
  await page.getByTestId('language-zh').last().check();
  for (const row of await page.getByTestId('language-en').all()) await expect(row).not.toBeChecked();
  await page.getByTestId('language-confirm').click();
  await expect(page).toHaveURL(/\/zh$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  // Chinese puts a full-width colon, with no space, between a label and its value.
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('language-select')).toHaveText('语言：中文');
  // The model picker is read as '模型：标准' (it was '模型: Standard'): the full-width colon, Standard translated
  // (the name puts a space after the hidden label, as it does after any block).
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('model-picker')).toHaveAccessibleName(/^模型：\s?标准/);
});

/**
 * What in the settings sheet reaches past its right edge (text or a control cut off on a phone). A tab scrolled
 * out of the tab row is not cut off: the row scrolls sideways inside the sheet (phone-and-desktop-screens-fit
 * checks that every tab is reachable there).
 */
async function pastTheSheet(page: Page) {
  return page.getByTestId('settings-modal').evaluate((sheet) => {
    const right = sheet.getBoundingClientRect().right;
    const scrolledAway = (el: Element) => {
      const row = el.closest('.tab-list');
      return row !== null && row !== el && row.getBoundingClientRect().right <= right + 0.5;
    };
    return [...sheet.querySelectorAll<HTMLElement>('*')]
      .filter(
        (el) => el.checkVisibility() && el.getBoundingClientRect().right > right + 0.5 && !scrolledAway(el),
      )
      .map(
        (el) => `${el.tagName} ${el.textContent?.slice(0, 40)} ${el.getBoundingClientRect().right}>${right}`,
      );
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'es' });

  test('settings in Spanish: a long email and the connectors stay inside the sheet', async ({ page }) => {
    // The email widened its column past the sheet's edge, and Google Drive's note pushed its button out.
    await openAsGuest(page, '/es');
    await page.getByTestId('drawer-open').click();
    await logIn(page, 'maria.fernanda.gonzalez.rodriguez@example.com');
    await page.getByTestId('drawer-open').click();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-settings').click();
    await expect(page.getByTestId('settings-modal')).toContainText(
      'maria.fernanda.gonzalez.rodriguez@example.com',
    );
    expect(await pastTheSheet(page)).toEqual([]);
    await page.getByTestId('settings-connector-tab').click();
    await expect(page.getByTestId('connector-GOOGLE_DRIVE-toggle')).toBeVisible();
    expect(await pastTheSheet(page)).toEqual([]);
  });
});

test('a dialog fetched on first open: offline it says so and closes, online it opens', async ({
  page,
  context,
}) => {
  await openAsGuest(page);
  // The menu's own code comes after the app's first draw: here before the network goes.
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('menu-settings')).toBeVisible();
  await page.keyboard.press('Escape');
  // The settings dialog's code is not part of the page: never opened here, it cannot come offline.
  await context.setOffline(true);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  const status = page.getByTestId('lazy-dialog-status');
  await expect(status).toContainText('Network error');
  await status.getByRole('button', { name: 'Close' }).click();
  await expect(status).toHaveCount(0);
  await expect(page.getByTestId('composer-input')).toBeVisible();

  await context.setOffline(false);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await expect(page.getByTestId('settings-modal')).toBeVisible();
});

test.describe("before the menus' code has come", () => {
  // No service worker: on a first visit it takes the page and fetches the held chunk itself, past the route
  // (the menu then opened at once and the test failed by chance).
  test.use({ serviceWorkers: 'block' });

  test('the user menu pressed before its code has come says Loading… and opens when the code comes', async ({
    page,
  }) => {
    // Menus, popovers and tooltips come after the app's first draw (a chunk of their own): held here.
    const release = await holdRequests(page, /\/assets\/floating-[^/]+\.js$/);
    await openAsGuest(page);
    await page.getByTestId('user-menu').click();
    const status = page.getByTestId('lazy-dialog-status');
    await expect(status).toContainText('Loading');
    release();
    await expect(page.getByTestId('menu-settings')).toBeVisible();
    await expect(status).toHaveCount(0);
  });

  test('a dialog opened before the dialog frame’s code has come says Loading… and opens when the code comes', async ({
    page,
  }) => {
    // The dialog frame (Radix Dialog) comes in the same chunk as the menus: held here.
    const release = await holdRequests(page, /\/assets\/floating-[^/]+\.js$/);
    await openAsGuest(page);
    await page.getByTestId('composer-input').focus();
    await page.keyboard.press('Control+/');
    const status = page.getByTestId('lazy-dialog-status');
    await expect(status).toContainText('Loading');
    release();
    await expect(page.getByTestId('shortcuts')).toBeVisible();
    await expect(page.getByTestId('shortcuts')).toContainText('Stop the answer');
    await expect(status).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts')).toHaveCount(0);
  });
});
