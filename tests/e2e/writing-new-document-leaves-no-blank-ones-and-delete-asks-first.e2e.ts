import { expect, openAsGuest, serverUrl, test } from './support/app';
import { newWritingDoc, serverDoc, toEnd } from './support/writing';

test('"New document" twice leaves one document; delete asks first and removes it here and on the server', async ({
  page,
}) => {
  const docId = await newWritingDoc(page);
  await page.getByTestId('writing-new').click();
  await expect(page.getByTestId('writing-doc')).toHaveCount(1);
  expect(new URL(page.url()).searchParams.get('docId')).toBe(docId);

  await page.getByTestId('writing-title').fill('Shopping list');
  await toEnd(page);
  await page.keyboard.type('Milk and bread.');
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  const serverTitles = async () => {
    const response = await fetch(`${serverUrl()}/api/v1/writing/myDocList`, {
      headers: { Authorization: token ?? '' },
    });
    return ((await response.json()) as { data: { docTitle: string }[] }).data.map((d) => d.docTitle);
  };
  await expect.poll(serverTitles).toEqual(['Shopping list']);

  const row = page.getByTestId('writing-doc').filter({ hasText: 'Shopping list' });
  await row.getByTestId('delete').click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByTestId('delete').click();
  await page.getByTestId('delete-confirm-button').click();
  await expect(page.getByTestId('writing-doc')).toHaveCount(0);
  await expect(page.getByTestId('writing-start')).toBeVisible();
  await expect.poll(serverTitles).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a document left is found again in the list that /writing shows', async ({ page }) => {
    // The list was hidden on narrow screens, so a phone could start documents but never reopen one.
    await openAsGuest(page, '/writing');
    await expect(page.getByTestId('writing-docs')).toBeVisible();
    await page.getByTestId('writing-new').click();
    await expect(page.getByTestId('writing-editor')).toBeVisible();
    await expect(page.getByTestId('writing-docs')).toBeHidden();
    await page.getByTestId('writing-title').fill('Tide tables');
    await page.getByTestId('drawer-open').click();
    await page.getByTestId('feature-writing').click();
    const row = page.getByTestId('writing-doc').filter({ hasText: 'Tide tables' });
    await expect(row).toBeInViewport();
    await row.getByText('Tide tables').click();
    await expect(page.getByTestId('writing-title')).toHaveValue('Tide tables');
  });

  test('a document that does not exist says so and leads back to the list or to a new document', async ({
    page,
  }) => {
    // The list is hidden on a phone while a document is open, so the message alone was a dead end; and it
    // asked an online user to check the connection.
    await openAsGuest(page, '/es/writing?docId=doesnotexist');
    await expect(page.getByRole('alert')).toHaveText('Este documento no existe o no es tuyo.');
    await expect(page.getByTestId('writing-retry')).toHaveCount(0);
    await page.getByTestId('writing-all-docs').click();
    await expect(page.getByTestId('writing-docs')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('docId')).toBeNull();
    await page.goBack();
    await page.getByTestId('writing-failed-new').click();
    await expect(page.getByTestId('writing-editor')).toBeVisible();
  });

  test('a document that cannot be fetched offers another try, which opens it once the server answers', async ({
    page,
  }) => {
    const docId = await newWritingDoc(page);
    await page.getByTestId('writing-title').fill('Harbour fees');
    await expect.poll(async () => (await serverDoc(page, docId)).data?.docTitle).toBe('Harbour fees');
    // As on a device that has never held its text: the local copy goes (away from the editor, which saves on
    // leaving), and the server cannot be reached for it.
    await page.goto('/writing');
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const open = indexedDB.open('parley');
          open.onsuccess = () => {
            const tx = open.result.transaction('writingDocs', 'readwrite');
            tx.objectStore('writingDocs').clear();
            tx.oncomplete = () => resolve();
          };
        }),
    );
    let failing = true;
    await page.route('**/api/v1/writing/getDoc*', (route) => (failing ? route.abort() : route.fallback()));
    await page.goto(`/writing?docId=${docId}`);
    await expect(page.getByRole('alert')).toHaveText(
      'This document could not be loaded. Check your connection and try again.',
    );
    failing = false;
    await page.getByTestId('writing-retry').click();
    await expect(page.getByTestId('writing-title')).toHaveValue('Harbour fees');
  });
});
