import { expect, logIn, openAsGuest, test } from './support/app';
import { backPaid, chooseProvider, openBilling } from './support/billing';

test('a free user picks the wallet in the chooser, approves on the wallet page and comes back as Pro', async ({
  page,
}) => {
  await openAsGuest(page);
  await logIn(page, 'wallet-e2e@example.com');
  await page.getByTestId('upgrade-button').click();
  await expect(page.getByTestId('pricing-modal')).toBeVisible();
  await page.getByTestId('period-month').click();
  await page.getByTestId('buy-Pro-month').click();
  await expect(page.getByTestId('provider-chooser')).toContainText('Card (test mode)');
  await expect(page.getByTestId('provider-chooser')).toContainText('Test wallet');
  await chooseProvider(page, 3);

  await expect(page).toHaveURL(/\/pay\/test\/wallet\//);
  await expect(page.locator('#amount')).toContainText('$9.99');
  await page.locator('#wallet-approve').click();

  await backPaid(page);
  await expect(page.getByTestId('provider-chooser')).toHaveCount(0);
  await expect(page.getByTestId('pricing-modal')).toHaveCount(0);
  await expect(page.getByTestId('upgrade-button')).toHaveCount(0);
  await expect(page.locator('.plan-badge')).toHaveText('Pro');

  // Manage billing leads a wallet payer to the wallet's own page, not to a card form.
  await openBilling(page);
  await page.getByTestId('billing-portal').click();
  await expect(page).toHaveURL(/\/pay\/test\/portal\/tw_cus_.*lang=en/);
  await expect(page.locator('#wallet-portal')).toContainText('there is no card to update');
  await expect(page.locator('#update-card')).toHaveCount(0);
});
