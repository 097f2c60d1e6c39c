import { expect, type Page } from '@playwright/test';
import { TEST_CARDS } from '../../../src/api/contract';

/** From the pricing modal: choose a plan and pay on the test provider's checkout page. */
export async function buyPlan(
  page: Page,
  plan: { type: 'Pro' | 'Unlimited'; period: 'month' | 'year' },
  card: keyof typeof TEST_CARDS,
) {
  await page.getByTestId('upgrade-button').click();
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await page.getByTestId(`period-${plan.period}`).click();
  await page.getByTestId(`buy-${plan.type}-${plan.period}`).click();
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
