import type { Browser, Page } from '@playwright/test';
import { expect, mailedCode, openAsGuest, test } from './support/app';

const pending = (page: Page) => page.evaluate(() => window.parleyAnalytics?.pending() ?? Promise.resolve(-1));

/** The operator page (/admin/analytics) as ops@example.com (ADMIN_EMAILS of the e2e server) sees it. */
async function operatorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const ops = await context.newPage();
  await openAsGuest(ops, '/admin/analytics');
  await expect(ops.getByTestId('analytics-denied')).toBeVisible();
  await ops.getByTestId('open-login').click();
  await ops.getByTestId('login-email').fill('ops@example.com');
  await ops.getByTestId('login-next').click();
  await expect(ops.getByTestId('code-boxes')).toBeVisible();
  const code = await mailedCode('ops@example.com');
  await ops.getByTestId('code-box').first().focus();
  await ops.keyboard.type(code);
  await expect(ops.getByTestId('auth-state')).toHaveText('ops@example.com');
  await ops.goto('/admin/analytics');
  await expect(ops.getByTestId('analytics-table')).toBeVisible();
  return ops;
}

test('20 events queued offline survive a reload and arrive once when the network returns; none without consent', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const run = `e2e_offline_${Date.now()}`;
  const refused = `e2e_refused_${Date.now()}`;
  await openAsGuest(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The page view of this load reaches the server: the worker runs and consent (outside the EU) allows it.
  await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);

  await context.setOffline(true);
  for (let n = 0; n < 20; n++)
    await page.evaluate(([name, i]) => window.parleyAnalytics?.track(name, { n: i }), [run, n] as const);
  await expect.poll(() => pending(page)).toBeGreaterThanOrEqual(20);
  await page.reload();
  await expect(page.getByTestId('composer')).toBeVisible();
  // After the reload (still offline) the queue is read back from IndexedDB: 20 plus this page view.
  await expect.poll(() => pending(page)).toBe(21);

  await context.setOffline(false);
  await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);

  // Without the performance consent nothing is queued or sent.
  await page.evaluate(() =>
    localStorage.setItem(
      'parley.cookieConsent',
      JSON.stringify({ filled: true, performance: false, functional: true, personalDataSharing: false }),
    ),
  );
  await page.reload();
  await expect(page.getByTestId('composer')).toBeVisible();
  for (let n = 0; n < 3; n++)
    await page.evaluate(([name, i]) => window.parleyAnalytics?.track(name, { n: i }), [refused, n] as const);
  expect(await pending(page)).toBe(0);

  const ops = await operatorPage(browser, baseURL);
  const row = ops.locator(`[data-testid="analytics-row"][data-event="${run}"]`);
  await expect(row.getByTestId('analytics-count')).toHaveText('20');
  await expect(ops.locator(`[data-testid="analytics-row"][data-event="${refused}"]`)).toHaveCount(0);
  await ops.context().close();
});

test('the user properties and a cancelled pay return (payment_cancel) are tracked; a bare success link tracks no payment_success', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics/events')) sent.push(request.postData() ?? '');
  });
  await openAsGuest(page, '/?stripeStatus=cancel&stripeSubType=month');
  await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => sent.join('\n')).toContain('payment_cancel');
  expect(sent.join('\n')).toContain('"subType":"month"');
  // The user properties went too, once the account was known (the server's userProperties).
  await expect.poll(() => sent.join('\n')).toContain('"user_session_source":"guest"');
  // A success link proves nothing (the server says nothing changed): no payment_success event.
  await page.goto('/?stripeStatus=success&stripeSubType=month');
  await expect(page.getByTestId('composer')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
  expect(sent.join('\n')).not.toContain('payment_success');

  // A sent message is recorded by how it was written (typing time, pasted), never by its words.
  await page.getByTestId('composer-input').pressSequentially('Hi there', { delay: 60 });
  await page.getByTestId('send').click();
  await expect.poll(() => sent.join('\n'), { timeout: 20_000 }).toContain('message_sent');
  const record = sent.join('\n').match(/"name":"message_sent","props":(\{[^}]*\})/)?.[1] ?? '{}';
  expect(JSON.parse(record)).toMatchObject({ pasted: false, length: 8 });
  expect(JSON.parse(record).duration).toBeGreaterThan(300);
  expect(sent.join('\n')).not.toContain('Hi there');
});
