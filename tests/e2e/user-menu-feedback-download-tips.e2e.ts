import { expect, logIn, openAsGuest, serverUrl, test } from './support/app';

const token = (page: import('@playwright/test').Page) =>
  page.evaluate(() => localStorage.getItem('authorization') ?? localStorage.getItem('guest-authorization'));

test('feedback from the user menu: an empty one is refused, a written one is stored for its author', async ({
  page,
  request,
}) => {
  await openAsGuest(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-feedback').click();
  const modal = page.getByTestId('feedback-modal');
  await modal.getByTestId('feedback-submit').click();
  await expect(modal.getByTestId('feedback-error')).toHaveText('Please write your feedback first.');

  await modal.getByTestId('feedback-category-problem').check();
  await modal.getByTestId('feedback-text').fill('  The history list jumps when a chat is renamed.  ');
  await expect(modal.getByTestId('feedback-error')).toHaveCount(0);
  await modal.getByTestId('feedback-submit').click();
  await expect(page.getByText('Thank you! Your feedback was sent.')).toBeVisible();
  await expect(modal).toHaveCount(0);

  const mine = await request.get(`${serverUrl()}/api/v1/user/feedback/mine`, {
    headers: { Authorization: (await token(page)) ?? '' },
  });
  expect((await mine.json()).data).toEqual([
    expect.objectContaining({
      category: 'problem',
      content: 'The history list jumps when a chat is renamed.',
      page: '/',
    }),
  ]);
});

test('the download modal is 1078 wide with the extension and both mobile apps', async ({ page }) => {
  await openAsGuest(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-download').click();
  const modal = page.getByTestId('download-modal');
  await expect(modal).toBeVisible();
  expect((await modal.boundingBox())?.width).toBe(1078);
  // The e2e server publishes only the extension: the other two say they are not published yet.
  await expect(modal.getByTestId('download-chromeExtension').getByRole('link')).toHaveAttribute(
    'href',
    'https://chromewebstore.google.com/detail/parley-e2e',
  );
  await expect(modal.getByTestId('download-ios-unset')).toContainText('App Store');
  await expect(modal.getByTestId('download-android-unset')).toContainText('Google Play');
  // The user menu lists only the links the operator set up.
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('quick-links').getByTestId('link-chromeExtension')).toBeVisible();
  await expect(page.getByTestId('quick-links').locator('a')).toHaveCount(1);
});

test('the sidebar footer is one row at 1366x768: links, language and log out are in the user menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAsGuest(page);
  const footer = page.locator('.sidebar-footer');
  await expect(footer.getByTestId('open-login')).toBeVisible();
  await expect(footer.getByTestId('language-select')).toHaveCount(0);
  await expect(footer.getByTestId('quick-links')).toHaveCount(0);
  // Upgrade and the account row: the footer took 283 px when each item had its own line.
  expect((await footer.boundingBox())?.height).toBeLessThanOrEqual(110);
  await logIn(page, `footer-${Date.now()}@example.com`);
  await expect(footer.getByTestId('logout')).toHaveCount(0);
  expect((await footer.boundingBox())?.height).toBeLessThanOrEqual(110);
  await footer.getByTestId('user-menu').click();
  await expect(page.getByTestId('language-select')).toContainText('English');
  await expect(page.getByTestId('quick-links')).toBeVisible();
  await expect(page.getByTestId('logout')).toBeVisible();
  // Icon-only buttons name themselves in a tooltip on hover and keyboard focus.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('logout')).toHaveCount(0);
  await page.getByTestId('sidebar-toggle').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Collapse sidebar');
});

test('the sidebar feature menu routes to each feature and tips stay closed after a reload', async ({
  page,
  request,
}) => {
  await openAsGuest(page);
  await logIn(page, 'tips@example.com');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  const writingTip = page.getByTestId('tip-writingFeature');
  const workspaceTip = page.getByTestId('tip-workspaceFeature');
  await expect(writingTip).toBeVisible();
  await writingTip.getByTestId('tip-writingFeature-close').click();
  await expect(writingTip).toHaveCount(0);
  // One tip at a time: the next one takes its place.
  await expect(workspaceTip).toBeVisible();

  await page.reload();
  await expect(workspaceTip).toBeVisible();
  await expect(writingTip).toHaveCount(0);

  // Closed on the server too: with the browser's memory of it gone, the server still says closed.
  await page.evaluate(() => localStorage.removeItem('feature-tips'));
  await page.reload();
  await expect(workspaceTip).toBeVisible();
  await expect(writingTip).toHaveCount(0);
  const tips = await request.post(`${serverUrl()}/api/v1/user/tips`, {
    headers: { Authorization: (await token(page)) ?? '' },
    data: {},
  });
  const values = Object.fromEntries(
    ((await tips.json()).data.userTips as { tag: string; value: number }[]).map((t) => [t.tag, t.value]),
  );
  expect(values).toMatchObject({ writingFeature: 0, workspaceFeature: 1 });

  // The screens behind these items belong to their own areas: the menu's job is to route there.
  for (const [item, path] of [
    ['docChat', '/chatwithdoc'],
    ['presentation', '/creation/all/Presentation'],
    ['writing', '/writing'],
    ['workspace', '/workspace/uploaded/all'],
  ]) {
    await expect(page.getByTestId(`feature-${item}`)).toHaveAttribute('href', path);
  }
  await page.getByTestId('feature-workspace').click();
  await expect(page).toHaveURL(/\/workspace\/uploaded\/all$/);
  // More holds the other creation tools.
  await page.getByTestId('feature-more').click();
  await page.getByTestId('feature-flowchart').click();
  await expect(page).toHaveURL(/\/creation\/all\/Flowchart$/);
});

test('a session revoked elsewhere: the next call drops to guest and offers the login again', async ({
  page,
  request,
}) => {
  await openAsGuest(page);
  await logIn(page, 'revoked@example.com');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-connector-tab').click();
  const notion = page.getByTestId('connector-NOTION');
  await expect(notion).toBeVisible();
  const revoke = await request.post(`${serverUrl()}/api/v1/auth/signout`, {
    headers: { Authorization: (await token(page)) ?? '' },
  });
  expect(revoke.ok()).toBe(true);

  await notion.getByRole('button').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('auth-state')).toHaveText('Guest');
  expect(await page.evaluate(() => localStorage.getItem('authorization'))).toBeNull();
});
