import type { BillingDetail, Envelope } from '../../common/contract';
import { signTestpay } from '../../server/providers/payments/testpay';
import { expect, logIn, openAsGuest, serverUrl, test } from './support/app';
import { backPaid, buyPlan, openBilling } from './support/billing';

/** The test provider's renewal charge failed: the signed event it sends then (its clock runs in the server). */
async function renewalFails(subscriptionId: string) {
  const body = JSON.stringify({
    id: `evt_e2e_${subscriptionId}`,
    type: 'invoice.payment_failed',
    created: Date.now(),
    data: { subscriptionId },
  });
  const response = await fetch(`${serverUrl()}/api/v1/billing/webhook/testpay`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'testpay-signature': signTestpay(process.env.PARLEY_E2E_TESTPAY_SECRET ?? '', body),
    },
    body,
  });
  expect(response.status).toBe(200);
}

test('a failed renewal shows the translated payment-failed notice with Manage billing to the card portal', async ({
  page,
}) => {
  await openAsGuest(page);
  await logIn(page, `past-due-${Date.now()}@example.com`);
  await buyPlan(page, { type: 'Pro', period: 'month' }, 'failsRenewal');
  await backPaid(page);

  const detail = page.waitForResponse((r) => r.url().includes('/api/v1/billing/detail'));
  await openBilling(page);
  const { data } = (await (await detail).json()) as Envelope<BillingDetail>;
  await expect(page.getByTestId('billing-past-due')).toHaveCount(0);
  await renewalFails(data.subscriptionId);

  // In Spanish: the notice, with Manage billing to change the card.
  await page.goto('/es');
  await openBilling(page);
  await expect(page.getByTestId('billing-past-due')).toContainText(
    'El pago falló — actualiza tu método de pago',
  );
  await expect(page.getByTestId('billing-plan')).toHaveText('Pro (mensual)');
  await page.getByTestId('billing-portal').click();
  await expect(page).toHaveURL(/\/pay\/test\/portal\//);
  // The provider's portal takes the new card (the server test follows the charge it then makes).
  await expect(page.locator('#update-card')).toBeVisible();
});
