import type { Page } from '@playwright/test';
import { expect, openAsGuest, serverUrl, test } from './support/app';

interface ServerPrompts {
  totalElements: number;
  content: { promptId: string; name: string; content: string }[];
}

async function serverPrompts(page: Page): Promise<ServerPrompts> {
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  const response = await fetch(`${serverUrl()}/api/v1/prompt/list?start=0&limit=100`, {
    headers: { Authorization: token ?? '' },
  });
  return ((await response.json()) as { data: ServerPrompts }).data;
}

async function fillPrompt(page: Page, name: string, content: string) {
  await page.getByTestId('prompt-name').fill(name);
  await page.getByTestId('prompt-content').fill(content);
  await page.getByTestId('prompt-save').click();
}

test('a prompt is saved, edited, used in the composer and deleted, online and offline', async ({
  page,
  context,
}) => {
  await openAsGuest(page);
  await page.getByTestId('prompts-open').click();
  const dialog = page.getByTestId('prompts-dialog');
  await expect(dialog.getByTestId('prompt-list')).toContainText('No saved prompts yet.');

  // A name over 50 characters is refused before anything is stored.
  await dialog.getByTestId('prompt-new').click();
  // The fields are the app's: its font (the text was the browser's monospace) and its field border.
  const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  await expect(dialog.getByTestId('prompt-content')).toHaveCSS('font-family', bodyFont);
  await expect(dialog.getByTestId('prompt-name')).toHaveCSS('border-top-left-radius', '8px');
  await fillPrompt(page, 'x'.repeat(51), 'Too long a name');
  await expect(dialog.getByTestId('prompt-error')).toHaveText(
    'A prompt name can have at most 50 characters.',
  );

  await fillPrompt(page, '  Weekly report  ', 'Summarise my week in five bullet points.');
  const items = dialog.getByTestId('prompt-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('data-saved', 'true');
  await expect(dialog.getByTestId('prompts-total')).toHaveText('1 prompt');
  await expect
    .poll(async () => (await serverPrompts(page)).content.map((p) => p.name))
    .toEqual(['Weekly report']);

  await items.first().getByTestId('prompt-edit').click();
  await fillPrompt(page, 'Weekly summary', 'Summarise my week in three bullet points.');
  await expect(items.first().getByTestId('prompt-item-name')).toHaveText('Weekly summary');
  await expect
    .poll(async () => (await serverPrompts(page)).content[0]?.content)
    .toBe('Summarise my week in three bullet points.');

  await items.first().getByTestId('prompt-use').click();
  await expect(page.getByTestId('composer-input')).toHaveValue('Summarise my week in three bullet points.');

  // Offline: add one, edit it, and delete the first; nothing reaches the server yet.
  await context.setOffline(true);
  await page.getByTestId('prompts-open').click();
  await dialog.getByTestId('prompt-new').click();
  await fillPrompt(page, 'Offline idea', 'Draft a reply to this email.');
  await expect(items).toHaveCount(2);
  const offlineItem = items.filter({ hasText: 'Offline idea' });
  await expect(offlineItem).toHaveAttribute('data-saved', 'false');
  await offlineItem.getByTestId('prompt-edit').click();
  await fillPrompt(page, 'Offline idea', 'Draft a short, friendly reply to this email.');
  // Delete asks first (one tap deleted it on every device): Cancel keeps it, Delete removes it.
  const weekly = items.filter({ hasText: 'Weekly summary' });
  await weekly.getByTestId('delete').click();
  await expect(page.getByTestId('delete-confirm')).toContainText('Delete “Weekly summary”?');
  await page.getByTestId('delete-confirm').getByRole('button', { name: 'Cancel' }).click();
  await expect(items).toHaveCount(2);
  await weekly.getByTestId('delete').click();
  await page.getByTestId('delete-confirm-button').click();
  await expect(items).toHaveCount(1);
  await expect(dialog.getByTestId('prompts-total')).toHaveText('1 prompt');
  expect((await serverPrompts(page)).content.map((p) => p.name)).toEqual(['Weekly summary']);

  // Online again: the outbox sends the add, the edit and the delete, in order and once each.
  await context.setOffline(false);
  await expect
    .poll(async () => await serverPrompts(page), { timeout: 20_000 })
    .toMatchObject({
      totalElements: 1,
      content: [{ name: 'Offline idea', content: 'Draft a short, friendly reply to this email.' }],
    });
  await expect(offlineItem).toHaveAttribute('data-saved', 'true');

  // The list survives a reload from the cache and the server agrees.
  await page.reload();
  await page.getByTestId('prompts-open').click();
  await expect(items).toHaveCount(1);
  await expect(items.first().getByTestId('prompt-item-name')).toHaveText('Offline idea');
  await items.first().getByTestId('delete').click();
  await page.getByTestId('delete-confirm-button').click();
  await expect(dialog.getByTestId('prompts-total')).toHaveText('0 prompts');
  await expect.poll(async () => (await serverPrompts(page)).totalElements).toBe(0);
});

test.describe('on a phone in Spanish', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'es' });

  test("delete's question and both its buttons stay on the screen", async ({ page }) => {
    await openAsGuest(page, '/es');
    await page.getByTestId('prompts-open').click();
    await page.getByTestId('prompt-new').click();
    await fillPrompt(page, 'Correo de seguimiento al cliente', 'Escribe un correo breve de seguimiento.');
    // Tapped at once after Save: the question stays while the new prompt syncs (its row started over).
    await page.getByTestId('prompt-item').getByTestId('delete').click();
    const question = page.getByTestId('delete-confirm');
    await expect(question).toContainText('¿Eliminar «Correo de seguimiento al cliente»?');
    // It ran 40 px past the right edge, its Eliminar button cut in half.
    await expect(question).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('delete-confirm-button')).toBeInViewport({ ratio: 1 });
    await page.getByTestId('delete-confirm-button').click();
    await expect(page.getByTestId('prompts-total')).toHaveText('0 prompts');
  });
});
