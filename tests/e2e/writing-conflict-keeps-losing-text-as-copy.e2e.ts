import { expect, serverUrl, test } from './support/app';
import { newWritingDoc, serverDoc, toEnd } from './support/writing';

test('an edit based on an old revision is not lost: the server text stays and ours becomes a copy', async ({
  page,
}) => {
  const docId = await newWritingDoc(page);
  await page.getByTestId('writing-title').fill('Budget');
  await toEnd(page);
  await page.keyboard.type('First line.');
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, docId)).data?.content))
    .toContain('First line.');

  // Another device saves its own version first.
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  const { data } = await serverDoc(page, docId);
  const other = await fetch(`${serverUrl()}/api/v1/writing/updateDoc`, {
    method: 'POST',
    headers: { Authorization: token ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({
      docId,
      docTitle: 'Budget',
      baseRevision: data.revision,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'From the phone.' }] }],
      },
    }),
  });
  expect(((await other.json()) as { code: number }).code).toBe(200);

  // This tab, unaware, keeps typing on the old revision.
  await page.keyboard.type(' Second line from the laptop.');
  await expect(page.getByText(/changed elsewhere/)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.writing-prose')).toContainText('From the phone.');
  await expect(page.getByTestId('writing-doc').filter({ hasText: 'Budget (copy)' })).toBeVisible();

  // The copy, with the laptop's text, reaches the server as a document of its own.
  const list = async () => {
    const response = await fetch(`${serverUrl()}/api/v1/writing/myDocList`, {
      headers: { Authorization: token ?? '' },
    });
    return ((await response.json()) as { data: { docId: string; docTitle: string }[] }).data;
  };
  await expect
    .poll(async () => (await list()).map((d) => d.docTitle).sort())
    .toEqual(['Budget', 'Budget (copy)']);
  const copy = (await list()).find((d) => d.docTitle === 'Budget (copy)')!;
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, copy.docId)).data?.content))
    .toContain('Second line from the laptop.');
  expect(JSON.stringify((await serverDoc(page, docId)).data.content)).not.toContain('laptop');
});

test('two tabs on the same document see each other’s typing instead of overwriting it', async ({
  page,
  context,
}) => {
  const docId = await newWritingDoc(page);
  await toEnd(page);
  await page.keyboard.type('Alpha');
  const other = await context.newPage();
  await other.goto(`/writing?docId=${docId}`);
  await expect(other.locator('.writing-prose')).toContainText('Alpha');

  await other.locator('.writing-prose p').first().click();
  await other.keyboard.press('End');
  await other.keyboard.type(' Beta');
  await expect(page.locator('.writing-prose')).toContainText('Alpha Beta');
  await page.locator('.writing-prose p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Gamma');
  await expect(other.locator('.writing-prose')).toContainText('Alpha Beta Gamma');
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, docId)).data?.content))
    .toContain('Alpha Beta Gamma');
});

test('typing in a tab left open on a document deleted elsewhere is kept: the document is saved again', async ({
  page,
}) => {
  const docId = await newWritingDoc(page);
  await page.getByTestId('writing-title').fill('Minutes');
  await toEnd(page);
  await page.keyboard.type('Agreed items.');
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, docId)).data?.content))
    .toContain('Agreed items.');

  // Another device deletes it.
  const token = await page.evaluate(() => localStorage.getItem('guest-authorization'));
  const deleted = await fetch(`${serverUrl()}/api/v1/writing/deleteDoc`, {
    method: 'POST',
    headers: { Authorization: token ?? '', 'content-type': 'application/json' },
    body: JSON.stringify({ docId }),
  });
  expect(((await deleted.json()) as { code: number }).code).toBe(200);

  // This tab, unaware, keeps typing: it is told, and what it typed is on the server under the same document.
  await page.keyboard.type(' Typed after the delete.');
  await expect(page.getByText(/deleted in another tab or on another device/)).toBeVisible({
    timeout: 15_000,
  });
  await expect
    .poll(async () => JSON.stringify((await serverDoc(page, docId)).data?.content ?? null))
    .toContain('Typed after the delete.');
  expect((await serverDoc(page, docId)).data.docTitle).toBe('Minutes');
  await page.reload();
  await expect(page.locator('.writing-prose')).toContainText('Agreed items. Typed after the delete.');
});
