import { expect, logIn, logInThroughTheOpenModal, openAsGuest, test } from './support/app';
import { backPaid, buyPlan } from './support/billing';

test('monthly Pro with a 3-D Secure card: a failed challenge charges nothing, an approved one makes Pro', async ({
  page,
}) => {
  await openAsGuest(page);
  // A question typed before paying is still in the box after the trip to the payment pages.
  await page.getByTestId('composer-input').fill('What changes with Pro?');
  // A guest pressing Upgrade logs in first, then sees the plans without pressing Upgrade again.
  await page.getByTestId('upgrade-button').click();
  await logInThroughTheOpenModal(page, 'secure-e2e@example.com');
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await expect(page.getByTestId('plan-Pro-year')).toBeVisible();
  await page.getByTestId('pricing-close').click();
  await expect(page.getByTestId('pricing-modal')).toHaveCount(0);
  await buyPlan(page, { type: 'Pro', period: 'month' }, 'threeDSecure');
  await expect(page).toHaveURL(/\/pay\/test\/challenge\//);
  await page.locator('#fail').click();
  await expect(page.locator('#error')).toHaveText(
    '3-D Secure authentication failed. The payment was not taken.',
  );
  await page.locator('#cancel').click();
  await expect(page.getByText('Payment cancelled. Nothing was charged.')).toBeVisible();
  await expect(page).not.toHaveURL(/stripeStatus/);
  await expect(page.getByTestId('upgrade-button')).toBeVisible();

  await buyPlan(page, { type: 'Pro', period: 'month' }, 'threeDSecure');
  await page.locator('#approve').click();
  await backPaid(page);
  // Pro without a discount: no upgrade button; the badge says Pro.
  await expect(page.getByTestId('upgrade-button')).toHaveCount(0);
  await expect(page.locator('.plan-badge')).toHaveText('Pro');
  await expect(page.getByTestId('composer-input')).toHaveValue('What changes with Pro?');
});

test('a declined card stays on the checkout page with the reason', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'declined-e2e@example.com');
  await buyPlan(page, { type: 'Unlimited', period: 'month' }, 'declined');
  await expect(page.locator('#error')).toHaveText('Your card was declined. Try another card.');
});

test('a guest opening a ?stripeStatus=success link sees no payment success', async ({ page }) => {
  await openAsGuest(page);
  const asked = page.waitForResponse('**/api/v1/billing/checkoutResult');
  await page.goto('/?stripeStatus=success&stripeSubType=month&productType=Pro');
  expect(((await (await asked).json()) as { data: { status: string } }).data.status).toBe('none');
  await expect(page).not.toHaveURL(/stripeStatus/);
  await expect(page.getByTestId('pay-success-animation')).toHaveCount(0);
  await expect(page.getByText('Payment successful. Welcome aboard!')).toHaveCount(0);
});

test('a payment started on /ar comes back to an Arabic page, through the 3-D Secure challenge', async ({
  page,
}) => {
  await openAsGuest(page, '/ar');
  await logIn(page, 'secure-ar-e2e@example.com');
  await buyPlan(page, { type: 'Pro', period: 'month' }, 'threeDSecure');
  await expect(page).toHaveURL(/\/pay\/test\/challenge\//);
  await page.locator('#approve').click();
  await backPaid(page);
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('new-chat')).toContainText('محادثة جديدة');
  // The plan badge says the plan's Arabic name, as pricing and settings do (it said 'Pro').
  await expect(page.locator('.plan-badge')).toHaveText('برو');
});
