// Settings → Account on an Arabic phone: downloading one's data saves a zip of one's chats; deleting the account
// asks for the email first, then the device forgets the account and starts a new guest, and the same email later
// signs in to an empty account.
import { unzipSync } from 'fflate';
import { expect, lastAnswerDone, logIn, openAsGuest, sendMessage, test } from './support/app';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ar' });

test('a guest downloads their data: the browser saves a zip holding their chat', async ({ page }) => {
  await openAsGuest(page, '/ar');
  await sendMessage(page, 'سؤال للتنزيل عن الطقس');
  await lastAnswerDone(page);
  await page.getByTestId('drawer-open').click();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  const saved = page.waitForEvent('download');
  await page.getByTestId('export-data-start').click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^parley-export-\d{4}-\d\d-\d\d\.zip$/);
  const fs = await import('node:fs');
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const chat = Object.keys(files).find((name) => name.startsWith('chats/') && name.endsWith('.md')) as string;
  expect(chat).toBe('chats/0001 سؤال للتنزيل عن الطقس.md');
  // In the language of the page it was asked from (it said '## You').
  expect(new TextDecoder().decode(files[chat])).toContain('## أنت\n\nسؤال للتنزيل عن الطقس');
  await expect(page.getByText('بدأ التنزيل.')).toBeVisible();
});

test('deleting the account on a phone, in Arabic, asks for the email and leaves nothing behind', async ({
  page,
}) => {
  const email = 'layla.delete@example.com';
  await openAsGuest(page, '/ar');
  await page.getByTestId('drawer-open').click();
  await logIn(page, email);
  await page.keyboard.press('Escape');
  await sendMessage(page, 'ملاحظات سرية عن المشروع');
  await lastAnswerDone(page);

  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-settings').click();
  const section = page.getByTestId('delete-account');
  await expect(section).toContainText('حذف الحساب');
  await section.getByTestId('delete-account-start').click();
  const submit = section.getByTestId('delete-account-submit');
  // Another address, or a part of this one, does not enable it.
  await section.getByTestId('delete-account-input').fill('layla@example.com');
  await expect(submit).toBeDisabled();
  await section.getByTestId('delete-account-input').fill(' Layla.Delete@example.com ');
  await expect(submit).toBeEnabled();
  // The account tab's sections (explanations, the email field, the buttons) stay inside a phone's width. The
  // tab row above them scrolls sideways by design (five tabs), so its tabs out of view are not counted.
  const overflow = await page.getByTestId('settings-modal').evaluate((sheet) => {
    const { left, right } = sheet.getBoundingClientRect();
    return [...sheet.querySelectorAll<HTMLElement>('.settings-section, .settings-section *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return el.checkVisibility() && (box.right > right + 0.5 || box.left < left - 0.5);
      })
      .map((el) => `${el.tagName} ${el.textContent?.slice(0, 30)}`);
  });
  expect(overflow).toEqual([]);
  await submit.click();

  await expect(page.getByTestId('settings-modal')).toHaveCount(0);
  await expect(page.getByText('حُذف حسابك وكل ما فيه.')).toBeVisible();
  await expect(page).toHaveURL(/\/ar\/?$/);
  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('open-login')).toBeVisible();
  await expect(page.getByTestId('history-item')).toHaveCount(0);
  // After a reload the device still holds nothing of the account (its cache was emptied, not just hidden).
  await page.reload();
  await page.getByTestId('drawer-open').click();
  await expect(page.getByTestId('open-login')).toBeVisible();
  await expect(page.getByTestId('history-item')).toHaveCount(0);
  // Every table of the device's cache that held the account's things: its chat text, the chat list, and the
  // question still waiting in the outbox if there was one.
  const cached = await page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve) => {
        const open = indexedDB.open('parley');
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          const counts: Record<string, number> = {};
          const tx = db.transaction(names);
          for (const name of names) {
            const count = tx.objectStore(name).count();
            count.onsuccess = () => {
              if (count.result > 0) counts[name] = count.result;
            };
          }
          tx.oncomplete = () => resolve(counts);
        };
      }),
  );
  expect(cached).toEqual({});

  // The same email signs in again to an empty account.
  await logIn(page, email);
  await page.keyboard.press('Escape');
  await page
    .getByTestId('drawer-open')
    .click()
    .catch(() => {});
  await expect(page.getByTestId('history-item')).toHaveCount(0);
});
