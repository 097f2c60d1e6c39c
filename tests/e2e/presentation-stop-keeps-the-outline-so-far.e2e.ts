import { expect, openAsGuest, test } from './support/app';

test('Stop while the outline is being written keeps the sections that arrived, ready to edit, also after a reload', async ({
  page,
}) => {
  await openAsGuest(page, '/creation/all/Presentation');
  await page.getByLabel('What is the presentation about?').fill('Coffee: growing, roasting and brewing');
  await page.getByRole('button', { name: 'Make the outline' }).click();

  const sections = page.getByTestId('outline-section');
  await expect(sections.first()).toBeVisible();
  await page.getByTestId('creation-stop').click();

  // The editor opens with what had arrived: fewer than the five sections a full run writes.
  await expect(page.getByRole('button', { name: 'Make the slides' })).toBeVisible();
  const kept = await sections.count();
  expect(kept).toBeGreaterThanOrEqual(1);
  expect(kept).toBeLessThan(5);
  await expect(page.getByLabel('Title of section 1')).toHaveValue('Introduction: Coffee');

  // The server kept the same outline: it opens again from the list after a reload.
  await page.reload();
  await page
    .getByRole('button', { name: /Coffee/ })
    .first()
    .click();
  await expect(sections).toHaveCount(kept);
});
