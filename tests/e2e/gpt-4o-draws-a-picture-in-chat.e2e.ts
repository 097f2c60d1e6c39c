import { TEST_CARDS } from '../../common/contract';
import { payWithCard } from '../helpers/billing';
import type { TestServer } from '../helpers/server';
import { expect, logIn, openAsGuest, serverUrl, test } from './support/app';

test("a paying member turns on GPT-4o's image tool and the picture appears in the answer", async ({
  page,
}) => {
  await openAsGuest(page, '/');
  // A fresh address each attempt: a retry within 59 s could not get a second code for the same one.
  await logIn(page, `painter-${Date.now()}@example.com`);
  const token = await page.evaluate(() => localStorage.getItem('authorization'));
  const paid = await payWithCard({ url: serverUrl() } as TestServer, token ?? '', {
    productId: 'pro-month-g0',
    card: TEST_CARDS.succeeds,
  });
  expect(paid.status).toBeGreaterThanOrEqual(300);
  await page.reload();

  await expect(page.getByTestId('image-tool')).toHaveCount(0);
  await page.getByTestId('model-picker').click();
  await page.getByTestId('model-GPT-4o').click();
  await page.getByTestId('image-tool').click();
  await expect(page.getByTestId('image-tool')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('composer-input').fill('A lighthouse at dawn');
  await page.getByTestId('send').click();

  const picture = page.getByTestId('message-assistant').last().locator('img');
  await expect(picture).toBeVisible({ timeout: 20_000 });
  await expect(picture).toHaveAttribute('alt', 'A lighthouse at dawn');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
});
