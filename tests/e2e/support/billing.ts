import { expect, type Page } from '@playwright/test';
import { TEST_CARDS } from '../../../common/contract';

/** The embedded default offers the test card (0) and the test wallet (3): the chooser (400 wide) opens. */
export async function chooseProvider(page: Page, provider: 0 | 3) {
  const chooser = page.getByTestId('provider-chooser');
  await expect(chooser).toBeVisible();
  await expect(chooser).toHaveCSS('width', '400px');
  await page.getByTestId(`provider-${provider}`).click();
  await page.getByTestId('chooser-confirm').click();
}

/** From the pricing modal: choose a plan, the card in the chooser, and pay on the test checkout page. */
export async function buyPlan(
  page: Page,
  plan: { type: 'Pro' | 'Unlimited'; period: 'month' | 'year' },
  card: keyof typeof TEST_CARDS,
) {
  await page.getByTestId('upgrade-button').click();
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await page.getByTestId(`period-${plan.period}`).click();
  await page.getByTestId(`buy-${plan.type}-${plan.period}`).click();
  await chooseProvider(page, 0);
  await expect(page).toHaveURL(/\/pay\/test\/checkout\//);
  await page.locator('#card').fill(TEST_CARDS[card]);
  await page.locator('#pay').click();
}

/** Back in the app after a successful payment: the return parameters are gone from the URL. */
export async function backPaid(page: Page) {
  await expect(page.getByTestId('pay-success-animation')).toBeVisible();
  await expect(page).not.toHaveURL(/stripeStatus/);
}

export async function openBilling(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-billing').click();
  await expect(page.getByTestId('billing-modal')).toBeVisible();
}
