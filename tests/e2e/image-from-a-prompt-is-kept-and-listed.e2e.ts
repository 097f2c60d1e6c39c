import { expect, openAsGuest, test } from './support/app';

test('a prompt becomes an image from the provider; it is kept, listed in the workspace and can be deleted', async ({
  page,
}) => {
  await openAsGuest(page, '/creation/All/Image');
  await page.getByLabel('Describe the image').fill('A red square on white');
  await page.getByRole('button', { name: 'Generate' }).click();
  const card = page.getByTestId('image-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('A red square on white');
  const image = card.locator('img');
  await expect(image).toBeVisible();
  // The real picture arrived (the test provider answers an 8 by 8 png).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);

  await page.goto('/workspace/generated/image');
  await page.getByRole('link', { name: 'A red square on white' }).click();
  await expect(page).toHaveURL(/\/creation\/all\/Image\?imageId=/);
  await expect(page.getByTestId('image-card')).toHaveAttribute('data-selected', 'true');

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('image-card')).toHaveCount(0);
  await expect(page.getByText('Your images will appear here.')).toBeVisible();
});
