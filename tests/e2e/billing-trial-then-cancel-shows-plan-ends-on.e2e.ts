import { expect, logIn, openAsGuest, test } from './support/app';
import { chooseProvider, openBilling } from './support/billing';

test('free -> seven-day trial -> cancel with the questionnaire -> "Plan Ends On"', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'trial-e2e@example.com');
  await page.getByTestId('upgrade-button').click();
  const pricing = page.getByTestId('pricing-modal');
  await expect(pricing).toBeVisible();
  await expect(pricing)
    .toHaveCSS('width', '1360px')
    .catch(() => {}); // narrower windows cap it at 96vw
  await page.getByTestId('period-year').click();
  await expect(page.getByTestId('plan-Pro-year').getByTestId('plan-price')).toHaveText('$8.39');
  await expect(page.getByTestId('period-year')).toContainText('Save 16%');
  await expect(page.getByTestId('buy-Unlimited-year')).toHaveText('Subscribe');
  await page.getByTestId('buy-Pro-year').filter({ hasText: 'Start free seven day trial' }).click();
  await chooseProvider(page, 0);

  await expect(page).toHaveURL(/\/pay\/test\/checkout\//);
  await expect(page.locator('#trial')).toContainText('Free for 7 days');
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('#pay').click();

  await expect(page.getByTestId('trial-success')).toBeVisible();
  await expect(page).not.toHaveURL(/stripeStatus/);
  await page.getByTestId('trial-success').getByRole('button').click();

  // A trial user choosing another plan is told once that a trial cannot be upgraded.
  // (The extension's pay link, followed inside the running app once the user is known.)
  await page.evaluate(() => {
    history.pushState(null, '', '/?payFrom=plugin');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  // The extension's prompt says why it opened (no empty banner).
  await expect(page.getByTestId('pricing-prompt')).toHaveText(
    'Upgrade to keep using Parley from the browser extension.',
  );
  await page.getByTestId('period-month').click();
  await page.getByTestId('buy-Unlimited-month').click();
  await expect(page.getByText('A free trial cannot be upgraded.')).toHaveCount(1);
  await expect(page.getByText('You are already a member', { exact: false })).toHaveCount(0);
  await page.getByTestId('pricing-close').click();
  await page.getByTestId('trial-success').getByRole('button').click();

  await openBilling(page);
  await expect(page.getByTestId('billing-plan')).toContainText('Pro (trial)');
  await expect(page.getByTestId('billing-date-label')).toHaveText('Next renewal date');
  await expect(page.getByTestId('billing-upgrade')).toHaveCount(0);
  await page.getByTestId('billing-cancel').click();
  await page.getByTestId('billing-continue-cancel').click();
  // A trial gets no retention or student offer: straight to the questionnaire (532 wide).
  await expect(page.getByTestId('billing-modal')).toHaveAttribute('data-step', '5');
  await expect(page.getByTestId('billing-modal')).toHaveCSS('width', '532px');
  await page.getByTestId('questionnaire-submit').click();
  await expect(page.getByTestId('questionnaire-error')).toContainText('Please answer every question');
  for (const q of ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'])
    await page.getByTestId(`question-${q}`).locator('input[type=radio]').first().check();
  await page.getByTestId('question-q1').locator('input[value=h]').check();
  await page.getByTestId('question-q7').fill('Just trying it out');
  await page.getByTestId('questionnaire-submit').click();
  await expect(page.getByTestId('questionnaire-error')).toBeVisible();
  await page.getByTestId('extra-q1').fill('I will be back next term');
  await page.getByTestId('questionnaire-submit').click();

  await expect(page.getByTestId('cancel-success')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await page.getByTestId('cancel-done').click();
  await expect(page.getByTestId('billing-date-label')).toHaveText('Plan Ends On');
  await expect(page.getByTestId('billing-cancelled')).toHaveText('Subscription cancelled');
  await expect(page.getByTestId('billing-cancel')).toBeDisabled();
  await expect(page.getByTestId('billing-modal')).toHaveCSS('width', '380px');
  await page.getByTestId('billing-close').click();
  await expect(page.getByTestId('billing-modal')).toHaveCount(0);
});
