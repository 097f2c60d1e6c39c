import { expect, logIn, mailedCode, openAsGuest, test } from './support/app';
import { backPaid, buyPlan, openBilling } from './support/billing';

test('cancelling offers the retention coupon; accepting it keeps the plan at 30% off', async ({ page }) => {
  await openAsGuest(page);
  await logIn(page, 'stay-e2e@example.com');
  await buyPlan(page, { type: 'Pro', period: 'month' }, 'succeeds');
  await backPaid(page);
  await openBilling(page);
  await page.getByTestId('billing-cancel').click();
  await page.getByTestId('billing-continue-cancel').click();
  await expect(page.getByTestId('billing-modal')).toHaveAttribute('data-step', '3');
  await expect(page.getByTestId('coupon-preview')).toHaveText(
    'Your next charge would be $6.99 instead of $9.99.',
  );
  await page.getByTestId('coupon-accept').click();
  await expect(page.getByText('30% discount applied')).toBeVisible();
  await expect(page.getByTestId('billing-modal')).toHaveAttribute('data-step', '1');
  await expect(page.getByTestId('billing-discount')).toHaveText('30% off · next charge $6.99');
  await expect(page.getByTestId('billing-date-label')).toHaveText('Next renewal date');

  // Cancelled after all: the plan ends, and no next charge is announced.
  await page.getByTestId('billing-cancel').click();
  await page.getByTestId('billing-continue-cancel').click();
  for (const q of ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'])
    await page.getByTestId(`question-${q}`).locator('input[type=radio]').first().check();
  await page.getByTestId('question-q7').fill('Found another tool');
  await page.getByTestId('questionnaire-submit').click();
  await page.getByTestId('cancel-done').click();
  await expect(page.getByTestId('billing-date-label')).toHaveText('Plan Ends On');
  await expect(page.getByTestId('billing-discount')).toHaveText('30% off');
  await page.getByTestId('billing-close').click();
  await expect(page.getByTestId('billing-modal')).toHaveCount(0);
});

test('student discount: a non-academic address is refused, the mailed code applies 50% off', async ({
  page,
}) => {
  await openAsGuest(page);
  await logIn(page, 'student-e2e@example.com');
  await buyPlan(page, { type: 'Pro', period: 'month' }, 'succeeds');
  await backPaid(page);
  await openBilling(page);
  await page.getByTestId('billing-cancel').click();
  await page.getByTestId('billing-continue-cancel').click();
  await page.getByTestId('coupon-decline').click();
  await expect(page.getByTestId('billing-modal')).toHaveAttribute('data-step', '4');
  await page.getByTestId('student-email').fill('student-e2e@gmail.com');
  await page.getByTestId('student-get-code').click();
  await expect(page.getByTestId('student-error')).toHaveText(
    'Please enter a valid school or university email address.',
  );
  await page.getByTestId('student-email').fill('ada@uni.edu');
  await page.getByTestId('student-get-code').click();
  await expect(page.getByTestId('student-get-code')).toContainText('Resend in');
  await page.getByTestId('student-code').fill(' 000000 ');
  const code = await mailedCode('ada@uni.edu');
  if (code !== '000000') {
    await page.getByTestId('student-verify').click();
    await expect(page.getByTestId('student-error')).toHaveText('The verification code does not match.');
  }
  await page.getByTestId('student-code').fill(code);
  await page.getByTestId('student-verify').click();
  await expect(page.getByTestId('student-success')).toHaveText('Student discount applied: 50% off.');
});
