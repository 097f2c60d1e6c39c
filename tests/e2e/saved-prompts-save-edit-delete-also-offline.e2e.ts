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
  // It is said while typing, before Save, and what was typed is kept whole (not cut at 50 without a word).
  await dialog.getByTestId('prompt-name').fill('x'.repeat(50));
  await expect(dialog.getByTestId('prompt-name-count')).toHaveText('50/50');
  await expect(dialog.getByTestId('prompt-error')).toHaveCount(0);
  await dialog.getByTestId('prompt-name').press('End');
  await page.keyboard.type('y');
  await expect(dialog.getByTestId('prompt-error')).toHaveText(
    'A prompt name can have at most 50 characters.',
  );
  await expect(dialog.getByTestId('prompt-name-count')).toHaveText('51/50');
  await expect(dialog.getByTestId('prompt-name')).toHaveValue(`${'x'.repeat(50)}y`);
  await expect(dialog.getByTestId('prompt-name')).toHaveAttribute('aria-invalid', 'true');
  // Save still refuses it, and nothing is stored.
  await dialog.getByTestId('prompt-content').fill('Too long a name');
  await dialog.getByTestId('prompt-save').click();
  await expect(dialog.getByTestId('prompt-error')).toHaveText(
    'A prompt name can have at most 50 characters.',
  );
  await expect(dialog.getByTestId('prompt-list')).toContainText('No saved prompts yet.');
  // Back to 50: the message goes as the name fits.
  await dialog.getByTestId('prompt-name').press('End');
  await page.keyboard.press('Backspace');
  await expect(dialog.getByTestId('prompt-name-count')).toHaveText('50/50');
  await expect(dialog.getByTestId('prompt-error')).toHaveCount(0);

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

test.describe('on a phone in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ar' });

  test('a name past 50 characters is said to be too long while it is typed, in Arabic', async ({ page }) => {
    await openAsGuest(page, '/ar');
    await page.getByTestId('prompts-open').click();
    await page.getByTestId('prompt-new').click();
    const name = 'تقرير'.repeat(10);
    await page.getByTestId('prompt-name').fill(`${name}ي`);
    await expect(page.getByTestId('prompt-error')).toHaveText(
      'يمكن أن يحتوي اسم التعليمة على 50 حرفًا على الأكثر.',
    );
    await expect(page.getByTestId('prompt-error')).toBeInViewport();
    // Under the name being typed, not below the prompt's text.
    const [field, said, content] = await Promise.all(
      ['prompt-name', 'prompt-error', 'prompt-content'].map((id) => page.getByTestId(id).boundingBox()),
    );
    expect(said!.y).toBeGreaterThanOrEqual(field!.y + field!.height);
    expect(said!.y + said!.height).toBeLessThanOrEqual(content!.y);
    await expect(page.getByTestId('prompt-name')).toHaveValue(`${name}ي`);
  });
});
