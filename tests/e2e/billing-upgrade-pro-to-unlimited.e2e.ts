import { expect, logIn, openAsGuest, test } from './support/app';
import { backPaid, buyPlan, openBilling } from './support/billing';

test('upgrade Pro -> Unlimited from the billing manager', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'upgrade-e2e@example.com');
  await buyPlan(page, { type: 'Pro', period: 'month' }, 'succeeds');
  await backPaid(page);
  await openBilling(page);
  await expect(page.getByTestId('billing-plan')).toHaveText('Pro (monthly)');
  await expect(page.getByTestId('billing-price')).toHaveText('$9.99/month');
  await page.getByTestId('billing-upgrade').click();
  await expect(page.getByTestId('billing-modal')).toHaveAttribute('data-step', 'upgrade');
  // A student-discount-eligible user is told of the student price first; the notice leads to its step.
  await expect(page.getByTestId('upgrade-student-notice')).toBeVisible();
  await page.getByTestId('upgrade-student').click();
  await expect(page.getByTestId('billing-modal')).toHaveAttribute('data-step', '4');
  await expect(page.getByTestId('student-email')).toBeVisible();
  await page.getByTestId('billing-close').click();
  await openBilling(page);
  await page.getByTestId('billing-upgrade').click();
  await page.getByTestId('upgrade-pay-4').click();
  await expect(page.getByText('Upgrade successful')).toBeVisible();
  await expect(page.getByTestId('billing-plan')).toHaveText('Unlimited (monthly)');
  await page.keyboard.press('Escape');
  await expect(page.locator('.plan-badge')).toHaveText('Unlimited');
  // Unlimited counts no Standard messages: only now does the model's badge say so.
  await page.getByTestId('model-picker').click();
  await expect(page.getByTestId('model-Standard').locator('.badge')).toHaveText('Unlimited');
});

for (const language of ['ar', 'zh', 'es'] as const) {
  test(`in ${language} the $9.99 monthly plan shows 9.99 as the language writes it, in pricing and billing`, async ({
    page,
  }) => {
    // As Intl writes it; in Arabic the currency is isolated (FSI ... PDI) so right to left it reads US$.
    const price =
      language === 'ar'
        ? '\u200f9.99\u00a0\u2068US$\u2069'
        : new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(9.99);
    await openAsGuest(page, `/${language}`);
    await logIn(page, `price-${language}@example.com`);
    await page.getByTestId('upgrade-button').click();
    await page.getByTestId('period-month').click();
    await expect(page.getByTestId('plan-Pro-month').getByTestId('plan-price')).toHaveText(price);
    await page.keyboard.press('Escape');
    await buyPlan(page, { type: 'Pro', period: 'month' }, 'succeeds');
    await backPaid(page);
    await expect(page).toHaveURL(new RegExp(`/${language}$`));
    await openBilling(page);
    await expect(page.getByTestId('billing-price')).toContainText(price);
  });
}
