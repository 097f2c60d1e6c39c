import type { Page } from '@playwright/test';
import { expect, openAsGuest, serverUrl } from './app';

/** Opens /writing as a guest and starts a new document; answers its id. */
export async function newWritingDoc(page: Page, path = '/writing'): Promise<string> {
  await openAsGuest(page, path);
  await page.getByTestId('writing-new').click();
  await expect(page.getByTestId('writing-editor')).toBeVisible();
  await expect(page).toHaveURL(/docId=/);
  return new URL(page.url()).searchParams.get('docId')!;
}

/** Puts the cursor in the document's last (trailing, empty) paragraph. */
export async function toEnd(page: Page) {
  await page.locator('.writing-prose > p').last().click();
}

export async function serverDoc(page: Page, docId: string) {
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  const response = await fetch(`${serverUrl()}/api/v1/writing/getDoc?docId=${docId}`, {
    headers: { Authorization: token ?? '' },
  });
  return (await response.json()) as {
    code: number;
    data: { content: unknown; docTitle: string; revision: number; tipsExistFlag: boolean };
  };
}

/** Dispatches a real paste event carrying the given clipboard items. */
export async function paste(page: Page, items: { text?: string; png?: number[] }) {
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    if (data.text !== undefined) transfer.setData('text/plain', data.text);
    if (data.png)
      transfer.items.add(new File([new Uint8Array(data.png)], 'pasted.png', { type: 'image/png' }));
    const target = document.querySelector('.writing-prose') as HTMLElement;
    target.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, items);
}
