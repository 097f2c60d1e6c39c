// Every main screen fits a phone (390x844, touch) and a desktop (1280x800): no sideways scrolling, a
// composer wide enough to type in, dialogs inside the screen with their main button reachable, the phone
// drawer, the composer toolbar in a narrow document chat. Screenshots of home and a chat are kept for review.
import type { Page, Route, TestInfo } from '@playwright/test';
import { makePdf } from '../helpers/doc-fixtures';
import { expect, holdRequests, lastAnswerDone, logIn, openAsGuest, sendMessage, test } from './support/app';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** No sideways scrolling: the page is no wider than the window (on a phone, than the device's width). */
async function expectFits(page: Page, screen: string) {
  const { width } = page.viewportSize() ?? PHONE;
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  // A mobile browser widens its layout viewport to fit wide content, so innerWidth alone would hide it.
  expect(widths.inner, `${screen}: layout width`).toBe(width);
  expect(widths.scroll, `${screen}: scroll width`).toBeLessThanOrEqual(width);
}

/** The box of a locator lies inside the window. */
async function expectOnScreen(page: Page, testId: string) {
  const { width, height } = page.viewportSize() ?? PHONE;
  const box = await page.getByTestId(testId).boundingBox();
  expect(box, testId).not.toBeNull();
  if (!box) return;
  expect(box.x, `${testId} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${testId} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${testId} right`).toBeLessThanOrEqual(width + 0.5);
  expect(box.y + box.height, `${testId} bottom`).toBeLessThanOrEqual(height + 0.5);
}

/** A page's heading keeps clear of the screen's edges: the page brings its own margins, whichever page was opened first. */
async function expectMargins(page: Page, screen: string) {
  const { width } = page.viewportSize() ?? PHONE;
  const box = await page.locator('main h1').first().boundingBox();
  expect(box, `${screen}: heading`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${screen}: room left of the heading`).toBeGreaterThanOrEqual(12);
  expect(width - (box.x + box.width), `${screen}: room right of the heading`).toBeGreaterThanOrEqual(12);
}

/** Every visible control of the page (not the top bar) lies inside the screen, 8 px or more from its edges. */
async function expectControlsInside(page: Page, screen: string) {
  const { width } = page.viewportSize() ?? PHONE;
  const outside = await page.evaluate(
    (w) =>
      [...document.querySelectorAll<HTMLElement>('.page button, .page input, .page textarea, .page select')]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.left < 8 || box.right > w - 8)
        .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent} ${box.left}-${box.right}`),
    width,
  );
  expect(outside, `${screen}: controls at or past the screen's edge`).toEqual([]);
}

/** No button's words are cut: each shows its whole label (a squeezed flex item clips it). */
async function expectWholeLabels(page: Page, screen: string) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.textContent?.trim()} ${el.scrollWidth}>${el.clientWidth}`),
  );
  expect(cut, `${screen}: buttons whose label is cut`).toEqual([]);
}

async function composerWidth(page: Page) {
  const composer = await page.getByTestId('composer').boundingBox();
  const input = await page.getByTestId('composer-input').boundingBox();
  return { composer: composer?.width ?? 0, input: input?.width ?? 0 };
}

/** Kept in test-results/ for a person to look at (layout faults a measurement does not catch). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

async function openDocumentChat(page: Page) {
  await page.goto('/chatwithdoc');
  await page.getByTestId('upload-input').setInputFiles({
    name: 'keeper.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf([
      'Welcome to the lighthouse keeper manual.',
      'The lamp is lit thirty minutes before sunset.',
    ]),
  });
  await page.getByTestId('doc-chat-start').click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await expect(page.getByTestId('doc-pane')).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('every screen fits, the drawer opens and closes, dialogs are sheets inside the screen', async ({
    page,
  }, testInfo) => {
    await openAsGuest(page);
    const drawer = page.getByTestId('sidebar');
    await expect(drawer).toBeHidden();
    await expectFits(page, 'home');
    expect((await composerWidth(page)).composer).toBeGreaterThanOrEqual(250);
    await shot(page, testInfo, 'home-phone');
    // The template tabs are one row that scrolls sideways, not a second row that reads as content.
    const tabTops = await page
      .locator('.template-tabs [role="tab"]')
      .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
    expect(tabTops.length).toBeGreaterThan(3);
    expect(new Set(tabTops).size).toBe(1);

    // The drawer: the menu button opens it; Escape, its close button, a tap beside it and navigation close it.
    const menu = page.getByTestId('drawer-open');
    await menu.click();
    await expect(drawer).toBeVisible();
    await expect(drawer).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('drawer-close')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await page.getByTestId('drawer-close').click();
    await expect(drawer).toBeHidden();
    await menu.click();
    await page.getByTestId('drawer-scrim').click({ position: { x: PHONE.width - 20, y: 400 } });
    await expect(drawer).toBeHidden();
    await menu.click();
    await drawer.getByRole('link', { name: 'Workspace' }).click();
    await expect(page).toHaveURL(/\/workspace/);
    await expect(drawer).toBeHidden();
    await expectFits(page, '/workspace');

    // Touch targets on the home screen and in the drawer are at least 44x44.
    await page.goto('/');
    await menu.click();
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          'main button, main select, #sidebar button, #sidebar select',
        ),
      ]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44 || box.width < 44)
        .map(({ el, box }) => `${el.dataset.testid ?? el.textContent} ${box.width}x${box.height}`),
    );
    expect(small, 'controls under 44x44 px').toEqual([]);

    // Login: a sheet inside the screen, its Next button visible, a close button that works.
    await page.getByTestId('open-login').click();
    await expectOnScreen(page, 'login-modal');
    await expect(page.getByTestId('login-next')).toBeInViewport({ ratio: 1 });
    await page.getByTestId('modal-close').click();
    await expect(page.getByTestId('login-modal')).toHaveCount(0);
    await expect(page.getByTestId('open-login')).toBeFocused();

    // Settings from the user menu in the drawer.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-settings').click();
    await expectOnScreen(page, 'settings-modal');
    await page.getByTestId('settings-modal').getByTestId('modal-close').click();
    await expect(page.getByTestId('settings-modal')).toHaveCount(0);
    // Download the app: its three cards stack inside the sheet (they ran past its edge, three across).
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-download').click();
    await expectOnScreen(page, 'download-modal');
    for (const card of ['download-chromeExtension', 'download-ios', 'download-android']) {
      const box = await page.getByTestId(card).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${card} within the screen's width`).toBe(
        true,
      );
    }
    await page.getByTestId('download-modal').getByTestId('modal-close').click();
    await expect(page.getByTestId('download-modal')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // A chat with an answer.
    await sendMessage(page, 'Explain markdown tables, please, with an example');
    await lastAnswerDone(page);
    await expectFits(page, 'chat');
    const chat = await composerWidth(page);
    expect(chat.composer).toBeGreaterThanOrEqual(250);
    expect(chat.input).toBeGreaterThanOrEqual(200);
    await shot(page, testInfo, 'chat-phone');
    // Its long title in the drawer ends in an ellipsis: the box that cuts the words is the one holding them,
    // drawn as a block (a touch screen's link is a flex row, where the words were cut mid-letter).
    await menu.click();
    const title = await page
      .getByTestId('history-item')
      .first()
      .evaluate((item) => {
        const words = [...item.querySelectorAll<HTMLElement>('*')].find((el) =>
          [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
        );
        const style = words ? getComputedStyle(words) : null;
        return {
          cut: !!words && words.scrollWidth > words.clientWidth,
          display: style?.display,
          textOverflow: style?.textOverflow,
          // Written as the user wrote it, not in the capitals of the "History" heading.
          textTransform: style?.textTransform,
        };
      });
    expect(title).toEqual({ cut: true, display: 'block', textOverflow: 'ellipsis', textTransform: 'none' });
    // The history's search box is a touch target too (it was 36 px tall).
    expect((await page.getByTestId('history-search').boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Escape');

    for (const path of ['/chatwithdoc', '/writing', '/m/home', '/m/chatwithdoc', '/ar/m/home']) {
      await page.goto(path);
      await expect(page.locator('main')).not.toContainText('This page does not exist');
      await expect(page.getByTestId(path.endsWith('home') ? 'composer' : 'sidebar')).toBeAttached();
      await expectFits(page, path);
    }
    // Opened first, on a fresh load, each tool's page has room at both edges, in Arabic too (it had none).
    for (const path of [
      '/creation/all',
      '/ar/creation/all/Presentation',
      '/creation/all/Image',
      '/chatwithdoc',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expectFits(page, path);
      await expectMargins(page, path);
    }
    // A presentation's outline: "New presentation" and each section's four tools stay on the screen (the
    // tools were pushed past its edge by the title's input, "New presentation" cut by the heading).
    await page.goto('/creation/all/Presentation');
    await page.locator('.creation-form textarea').fill('Solar power at home');
    await page.getByRole('button', { name: 'Make the outline' }).click();
    await expect(page.getByTestId('outline-section').first()).toBeVisible({ timeout: 30_000 });
    await expectFits(page, 'outline');
    await expectControlsInside(page, 'outline');
    await expectWholeLabels(page, 'outline');

    // A document being written, in Spanish and Arabic: the text has the width, its hint and tools their words.
    for (const lang of ['es', 'ar']) {
      await page.goto(`/${lang}/writing`);
      await page.locator('.writing-empty .button, .writing-docs .button').first().click();
      await expect(page.getByTestId('writing-title')).toBeVisible();
      await expectFits(page, `${lang} writing`);
      await expectWholeLabels(page, `${lang} writing`);
      const prose = await page.locator('.writing-prose').boundingBox();
      expect(prose?.width ?? 0, `${lang} writing: width of the text`).toBeGreaterThanOrEqual(
        PHONE.width - 40,
      );
    }

    // A document chat: the document stacks above the chat, the composer keeps the width.
    await openDocumentChat(page);
    await expectFits(page, 'document chat');
    expect((await composerWidth(page)).composer).toBeGreaterThanOrEqual(250);

    // Logged in from the drawer, the member lands on home and the drawer has closed.
    await menu.click();
    await logIn(page, 'phone-member@example.com');
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer).toBeHidden();
    await menu.click();
    // Pricing (a member's upgrade): inside the screen; it scrolls inside, and its first buy button can be reached.
    await page.getByTestId('upgrade-button').click();
    await expectOnScreen(page, 'pricing-modal');
    const buy = page.getByTestId('pricing-modal').locator('[data-testid^="buy-"]').first();
    await buy.scrollIntoViewIfNeeded();
    await expect(buy).toBeInViewport({ ratio: 1 });
    await expectFits(page, 'pricing');
    await page.getByTestId('pricing-modal').getByTestId('modal-close').click();
    await expect(page.getByTestId('pricing-modal')).toHaveCount(0);

    // Billing (a member's dialog): a sheet inside the screen with its close button.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-billing').click();
    await expectOnScreen(page, 'billing-modal');
    await page.getByTestId('billing-close').click();
    await expect(page.getByTestId('billing-modal')).toHaveCount(0);
  });
});

/**
 * A row of tabs shows each tab's whole label, side by side without overlapping, in one row that stays inside
 * its sheet (wider rows scroll within themselves), and the page does not scroll sideways.
 */
async function expectTabRowFits(page: Page, row: string, screen: string) {
  await expectFits(page, screen);
  const measured = await page.locator(row).evaluate((list) => {
    const sheet = list.closest<HTMLElement>('[role="dialog"]') ?? document.documentElement;
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const boxes = tabs.map((tab) => tab.getBoundingClientRect());
    const box = list.getBoundingClientRect();
    const inside = sheet.getBoundingClientRect();
    return {
      cut: tabs.filter((tab) => tab.scrollWidth > tab.clientWidth + 1).map((tab) => tab.textContent),
      tops: new Set(boxes.map((b) => Math.round(b.top))).size,
      overlaps: boxes.filter(
        (b, i) => i > 0 && Math.min(b.right, boxes[i - 1].right) - Math.max(b.left, boxes[i - 1].left) > 0.5,
      ).length,
      outside: box.left < inside.left - 0.5 || box.right > inside.right + 0.5,
      sheetScroll: sheet.scrollWidth - sheet.clientWidth,
    };
  });
  expect(measured.cut, `${screen}: tabs whose label is cut`).toEqual([]);
  expect(measured.tops, `${screen}: rows of tabs`).toBe(1);
  expect(measured.overlaps, `${screen}: tabs drawn over each other`).toBe(0);
  expect(measured.outside, `${screen}: the tab row past its sheet`).toBe(false);
  expect(measured.sheetScroll, `${screen}: the sheet scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const language of ['en', 'ar', 'es', 'zh'] as const)
  test.describe(`on a phone in ${language}`, () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true, locale: language });

    test('the settings tabs keep whole labels in one row inside the sheet', async ({ page }, testInfo) => {
      await openAsGuest(page, language === 'en' ? '/' : `/${language}`);
      // Home first: the composer's tools (search toggles with long Spanish names) stay inside the page.
      await expectFits(page, `home in ${language}`);
      // The Parley link home in the top bar is a 44 px touch target too (it was 28 px tall).
      const home = page.locator('.topbar').getByRole('link', { name: 'Parley' });
      expect((await home.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      // The model menu stays inside the screen: its descriptions wrap (they ran past a 390 px phone's edge).
      await page.getByTestId('model-picker').click();
      await expect(page.getByRole('menu')).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');
      await page.getByTestId('drawer-open').click();
      // So does the drawer's More menu (it opened beside the drawer, past the screen's edge).
      await page.getByTestId('feature-more').click();
      await expect(page.getByRole('menu')).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      if (!(await page.getByTestId('user-menu').isVisible())) await page.getByTestId('drawer-open').click();
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-settings').click();
      await expect(page.getByTestId('settings-modal')).toBeVisible();
      await expectTabRowFits(page, '.settings .tab-list', `settings in ${language}`);
      // The last tab is reachable: it scrolls into the row and opens its panel.
      await page.getByTestId('settings-connector-tab').click();
      await expect(page.getByTestId('settings-connector-tab')).toHaveAttribute('aria-selected', 'true');
      const shown = await page.getByTestId('settings-connector-tab').evaluate((tab) => {
        const box = tab.getBoundingClientRect();
        const row = (tab.parentElement as HTMLElement).getBoundingClientRect();
        return { left: box.left - row.left, right: row.right - box.right };
      });
      expect(shown.left, 'the last tab, left of it in its row').toBeGreaterThanOrEqual(-1);
      expect(shown.right, 'the last tab, right of it in its row').toBeGreaterThanOrEqual(-1);
      await expectFits(page, `settings in ${language}, last tab`);
      await shot(page, testInfo, `settings-phone-${language}`);
      // Each language row is a 44 px touch target (they were 29 px, the rows of a cookie banner).
      await page.getByTestId('settings-languages-tab').click();
      const rows = page.getByTestId('settings-modal').locator('label:has(input[type=radio])');
      expect(await rows.count()).toBeGreaterThanOrEqual(5);
      for (const row of await rows.all())
        expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    });
  });

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('every screen fits, the sidebar stays, the composer toolbar keeps its shape beside a document', async ({
    page,
  }, testInfo) => {
    await openAsGuest(page);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.getByTestId('drawer-open')).toHaveCount(0);
    await expectFits(page, 'home');
    await shot(page, testInfo, 'home-desktop');

    await page.getByTestId('open-login').click();
    await expectOnScreen(page, 'login-modal');
    await expect(page.getByTestId('login-next')).toBeInViewport({ ratio: 1 });
    await page.getByTestId('modal-close').click();
    await expect(page.getByTestId('login-modal')).toHaveCount(0);

    await sendMessage(page, 'Explain markdown tables, please, with an example');
    await lastAnswerDone(page);
    await expectFits(page, 'chat');
    await shot(page, testInfo, 'chat-desktop');
    for (const path of ['/chatwithdoc', '/writing', '/workspace', '/m/home']) {
      await page.goto(path);
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await expectFits(page, path);
    }

    // Beside a document the toolbar is tight: the model pill stays a pill, the search note one line,
    // Prompts whole and inside the composer.
    await openDocumentChat(page);
    await expectFits(page, 'document chat');
    const pill = await page.getByTestId('model-picker').boundingBox();
    expect(pill?.height ?? 99).toBeLessThanOrEqual(40);
    expect(pill?.width ?? 0).toBeGreaterThan((pill?.height ?? 0) * 2);
    const note = page.getByTestId('search-off');
    if (await note.count()) expect((await note.boundingBox())?.height ?? 99).toBeLessThanOrEqual(24);
    const prompts = page.getByTestId('prompts-open');
    const clipped = await prompts.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped, 'Prompts clipped').toBe(false);
    const [promptsBox, composerBox] = [
      await prompts.boundingBox(),
      await page.getByTestId('composer').boundingBox(),
    ];
    expect((promptsBox?.x ?? 0) + (promptsBox?.width ?? 0)).toBeLessThanOrEqual(
      (composerBox?.x ?? 0) + (composerBox?.width ?? 0),
    );

    // A tablet (768 wide, sidebar open): the document stacks and the composer keeps its width.
    await page.setViewportSize({ width: 768, height: 1024 });
    expect((await composerWidth(page)).composer).toBeGreaterThanOrEqual(400);
    await expectFits(page, 'document chat at 768');

    await page.setViewportSize(DESKTOP);
    await logIn(page, 'desktop-pricing@example.com');
    await page.getByTestId('upgrade-button').click();
    await expectOnScreen(page, 'pricing-modal');
    await expect(page.locator('[data-testid^="buy-"]').first()).toBeInViewport({ ratio: 1 });
    await page.getByTestId('pricing-modal').getByTestId('modal-close').click();
    await expect(page.getByTestId('pricing-modal')).toHaveCount(0);
  });
});

/** Where the frame, the home heading and the composer's box are drawn: by the boot shell or by the app. */
async function frameBoxes(page: Page, boot: boolean) {
  const selectors = boot
    ? [
        '#boot .boot-topbar',
        '#boot .boot-sidebar',
        '#boot h1',
        '#boot li:first-child .boot-question',
        '#boot li:last-child .boot-question',
        '#boot .boot-row',
        '#boot .button',
      ]
    : [
        '.topbar',
        '.sidebar',
        '.welcome h1',
        '.recommended-questions li:first-child button',
        '.recommended-questions li:last-child button',
        '.composer-row',
        '[data-testid="send"]',
      ];
  return page.evaluate(
    (list) =>
      list.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        // A hidden part (the top bar on a desktop, the drawer on a phone) counts as not drawn.
        if (!box || box.width === 0 || box.right <= 0 || box.left >= window.innerWidth) return null;
        return [box.left, box.top, box.width, box.height].map(Math.round);
      }),
    selectors,
  );
}

// The first paint comes from index.html before any of the app's JavaScript has arrived: the frame, the
// heading and the composer's box in the page's language, where the app then draws them (no jump).
for (const screen of [
  {
    name: 'a phone, English, light',
    path: '/',
    viewport: PHONE,
    touch: true,
    scheme: 'light',
    heading: 'How can I help you today?',
  },
  {
    name: 'a desktop, Arabic, dark',
    path: '/ar',
    viewport: DESKTOP,
    touch: false,
    scheme: 'dark',
    heading: 'كيف يمكنني مساعدتك اليوم؟',
  },
] as const) {
  test.describe(`before the app's code arrives, on ${screen.name}`, () => {
    test.use({
      viewport: screen.viewport,
      hasTouch: screen.touch,
      isMobile: screen.touch,
      colorScheme: screen.scheme,
    });

    test('the boot shell shows the home page where the app draws it, and leaves when the app draws', async ({
      page,
    }) => {
      await page.route('**/assets/**/*.js', (route) => route.abort());
      await page.goto(screen.path);
      // innerText: the other languages' words are there too, hidden.
      await expect(page.locator('#boot h1')).toHaveText(screen.heading, { useInnerText: true });
      await expect(page.locator('#boot h1')).toBeVisible();
      const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
      expect(dark).toBe(screen.scheme === 'dark');
      const boot = await frameBoxes(page, true);
      expect(boot.filter(Boolean).length).toBeGreaterThanOrEqual(6);

      await page.unroute('**/assets/**/*.js');
      await openAsGuest(page, screen.path);
      await expect(page.getByTestId('composer-input')).toBeVisible();
      await expect(page.locator('#boot')).toHaveCount(0);
      expect(await frameBoxes(page, false)).toEqual(boot);
    });
  });
}

/** Where the history's day headings and rows are drawn, top to bottom, with their words. */
async function historyRows(page: Page, within: string) {
  return page.evaluate(
    (root) =>
      [...document.querySelectorAll(`${root} :is(.history-group-title, .history-item)`)].map((node) => {
        const box = node.getBoundingClientRect();
        return [
          (node.querySelector('.history-link') ?? node).textContent,
          ...[box.left, box.top, box.width, box.height].map(Math.round),
        ];
      }),
    within,
  );
}

/** Where each message's text is drawn (the question's bubble, the answer's Markdown), top to bottom. */
async function messageBoxes(page: Page, within: string) {
  return page.evaluate(
    (root) =>
      [...document.querySelectorAll(`${root} .message-row :is(.bubble, .markdown)`)].map((node) => {
        const box = node.getBoundingClientRect();
        return [box.left, box.top, box.width, box.height].map(Math.round);
      }),
    within,
  );
}

// Opened at a chat, index.html's script asks for the chat before the app's code arrives and draws its messages
// where the app then draws them; the app takes that answer instead of asking again.
for (const screen of [
  { name: 'a phone, English', path: '', viewport: PHONE, touch: true },
  { name: 'a desktop, Arabic', path: '/ar', viewport: DESKTOP, touch: false },
  // The composer's tools take one line here, not the two of a phone: the boot shell keeps the room they took
  // on this device's last chat (a first visit would draw the chat 50 px lower, then the app above it).
  {
    name: 'a touch tablet, landscape, Spanish',
    path: '/es',
    viewport: { width: 1180, height: 820 },
    touch: true,
  },
] as const) {
  test.describe(`a chat opened at its address on ${screen.name}`, () => {
    // No service worker: every chunk goes through the route below.
    test.use({
      viewport: screen.viewport,
      hasTouch: screen.touch,
      isMobile: screen.touch,
      serviceWorkers: 'block',
    });

    test('shows its answers before the app code arrives, asked once, where the app draws them', async ({
      page,
    }) => {
      await openAsGuest(page, screen.path || '/');
      await sendMessage(page, 'What is a river delta?');
      await lastAnswerDone(page);
      await sendMessage(page, 'And a fjord?');
      await expect(page.getByTestId('message-assistant')).toHaveCount(2);
      await lastAnswerDone(page);
      await expect(page).toHaveURL(/\/chat\//);
      // The server has stored the second answer as finished (what a reload is given).
      const channelId = new URL(page.url()).pathname.split('/').pop();
      const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
      await expect
        .poll(async () => {
          const response = await page.request.post('/api/v1/chat/getChannel', {
            headers: { Authorization: token ?? '' },
            data: { channelId },
          });
          const body = (await response.json()) as { data: { messages: { status: string }[] } };
          return body.data.messages.map((message) => message.status).join();
        })
        .toBe('done,done,done,done');
      const answers = await page.locator('.message-row .markdown').allInnerTexts();
      // A desktop's or a tablet's sidebar shows the history; a phone's is a closed drawer.
      const sidebar = screen.viewport.width >= 768;
      await expect(page.getByTestId('history-item')).toHaveCount(1);
      const history = await historyRows(page, '#sidebar');

      const release = await holdRequests(page, '**/assets/**/*.js');
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/chat/getChannel')) asked.push(request.url());
      });
      await page.goto(page.url(), { waitUntil: 'commit' });
      // The app's code is held: what shows is the boot shell's, from the server's answer.
      await expect(page.locator('#boot-chat .markdown')).toHaveCount(2);
      expect(await page.locator('#boot-chat .markdown').allInnerTexts()).toEqual(answers);
      await expect(page.locator('#boot-chat .markdown').last()).toBeInViewport();
      const boot = await messageBoxes(page, '#boot-chat');
      // And the sidebar's history from the device's cache: the day's heading and the chat's title, where the app
      // draws them (the opened chat's row marked); nothing on a phone.
      if (sidebar) {
        await expect(page.locator('#boot-history .history-item.active')).toBeVisible();
        expect(await historyRows(page, '#boot-history')).toEqual(history);
      } else await expect(page.locator('#boot-history')).toHaveCount(0);

      release();
      await expect(page.getByTestId('message-assistant')).toHaveCount(2);
      await expect(page.locator('#boot-chat')).toHaveCount(0);
      expect(await messageBoxes(page, '[data-testid="message-list"]')).toEqual(boot);
      await expect(page.locator('#boot-history')).toHaveCount(0);
      expect(await historyRows(page, '#sidebar')).toEqual(history);
      await expect(page.getByTestId('composer-input')).toBeEnabled();
      expect(asked).toHaveLength(1);

      // Again with every API answer held too (a slow or silent server): the boot shell draws the chat from
      // the device's cache, the same answers at the same boxes, and the app, reading that cache, takes over.
      const heldApi: Route[] = [];
      await page.route('**/api/**', (route) => {
        heldApi.push(route);
      });
      await page.unroute('**/assets/**/*.js');
      const releaseAgain = await holdRequests(page, '**/assets/**/*.js');
      // The cache can answer before the app's stylesheet is here (it gives the page its height): held until the
      // chat is drawn, the chat still ends where the app will draw it once the stylesheet comes.
      const releaseStyles = await holdRequests(page, '**/assets/**/*.css');
      await page.goto(page.url(), { waitUntil: 'commit' });
      await expect(page.locator('#boot-chat .markdown')).toHaveCount(2);
      releaseStyles();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
      );
      expect(await page.locator('#boot-chat .markdown').allInnerTexts()).toEqual(answers);
      await expect.poll(() => messageBoxes(page, '#boot-chat')).toEqual(boot);
      expect(heldApi.some((route) => route.request().url().includes('/chat/getChannel'))).toBe(true);
      if (sidebar) expect(await historyRows(page, '#boot-history')).toEqual(history);

      releaseAgain();
      await expect(page.getByTestId('message-assistant')).toHaveCount(2);
      await expect(page.locator('#boot-chat')).toHaveCount(0);
      expect(await messageBoxes(page, '[data-testid="message-list"]')).toEqual(boot);
      await page.unroute('**/api/**');
      for (const route of heldApi.splice(0)) await route.abort().catch(() => {});
      if (!sidebar) return;

      // Another user on this device: its token changed (here a new guest, as after a refused token) and the app
      // has not yet written that user's chat list over the first one's. The boot shell draws neither the first
      // user's rows nor their chat from the cache.
      await page.unroute('**/assets/**/*.js');
      await page.route('**/api/v1/chat/myChannelList', (route) => {
        heldApi.push(route);
      });
      await page.evaluate(() => localStorage.removeItem('guest-authorization'));
      await page.reload();
      await expect
        .poll(() =>
          page.evaluate(
            (first) => ![null, first].includes(localStorage.getItem('guest-authorization')),
            token,
          ),
        )
        .toBe(true);
      // The app itself shows nothing of the first user's either while the new one's list is on its way: no row in
      // its history and not the first user's chat at this address.
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await page.waitForTimeout(1000);
      await expect(page.getByTestId('history-item')).toHaveCount(0);
      await expect(page.getByTestId('message-user')).toHaveCount(0);
      await page.route('**/assets/**/*.js', (route) => {
        heldApi.push(route);
      });
      await page.route('**/api/**', (route) => {
        heldApi.push(route);
      });
      await page.goto(page.url(), { waitUntil: 'commit' });
      await expect(page.locator('#boot .boot-composer')).toBeVisible();
      // The first user's device drew both within this time above (a read of a few milliseconds).
      await page.waitForTimeout(1000);
      await expect(page.locator('#boot-history')).toHaveCount(0);
      await expect(page.locator('#boot-chat')).toHaveCount(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      for (const route of heldApi) await route.abort().catch(() => {});
    });
  });
}
