import { expect, openAsGuest, test } from './support/app';

test('a described process is drawn as a mermaid flowchart with its steps', async ({ page }) => {
  await openAsGuest(page, '/creation/Mine/Flowchart');
  await page
    .getByLabel('Describe the steps')
    .fill('Ship an order: pick the items, then pack them, is the address valid?, send it');
  await page.getByRole('button', { name: 'Draw the flowchart' }).click();
  const chart = page.getByTestId('flowchart');
  await expect(chart.locator('svg')).toBeVisible({ timeout: 20_000 });
  for (const step of ['pick the items', 'pack them', 'is the address valid?', 'send it', 'Start', 'End'])
    await expect(chart.locator('svg')).toContainText(step);
  await expect(page.getByText(/offline model drew the steps/)).toBeVisible();
  // The tabs keep {type}: Presentation is one click away.
  await page
    .getByRole('navigation', { name: 'Creation tools' })
    .getByRole('link', { name: 'Presentation' })
    .click();
  await expect(page).toHaveURL(/\/creation\/Mine\/Presentation$/);
  await expect(page.getByTestId('presentation-page')).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Creation tools' });
  await expect(tabs.getByRole('link', { name: 'Presentation' })).toHaveAttribute('aria-current', 'page');
  // The sidebar's address for the tool (no type in it) marks its tab too.
  await page.goto('/creation/Flowchart');
  await expect(tabs.getByRole('link', { name: 'Flowchart' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Flowchart' })).toHaveClass(/\bactive\b/);
  await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);
});
