import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { call, streamSend } from '../helpers/server';
import { expect, logIn, openAsGuest, serverUrl, test } from './support/app';

test('a guest’s pdf, writing doc, prompt and share are the account’s after sign-up, on another browser too', async ({
  page,
  browser,
}) => {
  await openAsGuest(page);
  const guest = (await page.evaluate(() => localStorage.getItem('guest-authorization'))) as string;
  // Made through the calls the app makes (each screen has its own e2e); here only sign-up is under test.
  const docs = docsClient(serverUrl(), guest);
  const md5 = (await docs.uploadAndCreate(await makePdf(['The harbour code is 4711.']), 'harbour.pdf')).body
    .data.md5;
  expect((await docs.chat({ md5 })).body.code).toBe(200);
  await call(serverUrl(), 'POST', '/api/v1/writing/upsertDoc', {
    token: guest,
    body: { docId: 'signup-e2e-doc', docTitle: 'Harbour essay', content: { type: 'doc', content: [] } },
  });
  await call(serverUrl(), 'POST', '/api/v1/prompt/add', {
    token: guest,
    body: { name: 'Harbour prompt', content: 'Tell me about {topic}' },
  });
  const chat = await streamSend(serverUrl(), guest, {
    requestId: 'signup-e2e-chat',
    message: 'Hello harbour',
  });
  const channelId = chat.meta?.channelId as string;
  await call(serverUrl(), 'POST', '/api/v1/channel/share/create', { token: guest, body: { channelId } });
  await page.reload();
  await expect(page.getByTestId('history-item')).toHaveCount(2);

  await logIn(page, 'signup-e2e@example.com');
  // The same chats, not a second copy of them.
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  const member = (await page.evaluate(() => localStorage.getItem('authorization'))) as string;

  const other = await browser.newContext({ baseURL: serverUrl() });
  await other.addInitScript((token) => localStorage.setItem('authorization', token), member);
  const second = await other.newPage();
  await second.goto('/workspace/uploaded/all');
  await expect(second.getByTestId('workspace-file')).toHaveText(/harbour\.pdf/);
  await second.getByTestId('prompts-open').click();
  await expect(second.getByTestId('prompt-item-name')).toHaveText(['Harbour prompt']);
  await second.keyboard.press('Escape');
  await second.getByTestId('workspace-file').getByRole('link').click();
  await expect(second.getByTestId('doc-name')).toHaveText('harbour.pdf');
  await expect(second.getByText('The document could not be shown.')).toHaveCount(0);
  await second.goto('/writing');
  await expect(second.getByTestId('writing-doc')).toHaveText(/Harbour essay/);
  await second.goto(`/chat/${channelId}`);
  await second.getByTestId('share-open').click();
  await expect(second.getByTestId('share-item')).toHaveCount(1);
  await other.close();
});
