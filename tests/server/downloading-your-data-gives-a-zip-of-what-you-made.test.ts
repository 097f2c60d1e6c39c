// Settings → Download your data: a signed link to a zip of the caller's chats, writing, prompts and uploaded files,
// and nothing of anyone else's; a link changed, expired or used twice at once is refused.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMember } from '../helpers/billing';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('downloading your data on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  const linkFor = async (token: string) => {
    const asked = await call<{ url: string }>(server.url, 'POST', '/api/v1/user/exportData', { token });
    expect(asked.body.code).toBe(200);
    return `${server.url}${asked.body.data.url}`;
  };
  const unzip = async (response: Response) => {
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    return { files, names: Object.keys(files).sort(), text };
  };

  it("a member's zip holds their chats, writing, prompts and files as uploaded, and none of another user's", async () => {
    const ada = await loginMember(server, 'ada-export@example.com');
    const pdf = await makePdf(['The harbour code of Whitby is 4711.']);
    expect((await docsClient(server.url, ada).uploadAndCreate(pdf, 'Whitby/harbour.pdf')).body.code).toBe(
      200,
    );
    const chat = await streamSend(server.url, ada, {
      requestId: 'ada-export-1',
      message: 'عن المد والجزر في ويتبي',
    });
    expect(chat.done).toBeTruthy();
    await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: ada,
      body: {
        docId: 'ada-export-doc',
        docTitle: 'Tide notes',
        content: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Spring tides' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'Highest after the full moon.' }] },
          ],
        },
      },
    });
    await call(server.url, 'POST', '/api/v1/prompt/add', {
      token: ada,
      body: { name: 'Ada tide prompt', content: 'Summarise {text}' },
    });
    const bob = await loginMember(server, 'bob-export@example.com');
    await streamSend(server.url, bob, { requestId: 'bob-export-1', message: 'Bob asks about lighthouses' });

    const url = await linkFor(ada);
    // The link works without the session (a browser download sends none).
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parley-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const zip = await unzip(response);
    const chatFile = zip.names.find((n) => n.startsWith('chats/') && n.endsWith('.md')) as string;
    expect(chatFile).toBe('chats/0001 عن المد والجزر في ويتبي.md');
    expect(zip.text(chatFile)).toContain('## You\n\nعن المد والجزر في ويتبي');
    expect(zip.text(chatFile)).toMatch(/## Parley \(/);
    expect(JSON.parse(zip.text(chatFile.replace(/\.md$/, '.json'))).messages).toHaveLength(2);
    expect(zip.text('writing/0001 Tide notes.md')).toBe(
      '# Tide notes\n\n## Spring tides\n\nHighest after the full moon.\n',
    );
    expect(JSON.parse(zip.text('prompts.json'))).toEqual([
      expect.objectContaining({ name: 'Ada tide prompt', content: 'Summarise {text}' }),
    ]);
    // The file as uploaded, its name made safe (no folder separator).
    expect(Buffer.from(zip.files['documents/0001 Whitby harbour.pdf'])).toEqual(pdf);
    expect(JSON.parse(zip.text('account.json'))).toMatchObject({
      email: 'ada-export@example.com',
      chats: 1,
      writing: 1,
      prompts: 1,
      documents: 1,
    });
    const everything = zip.names.map((n) => (n.endsWith('.pdf') ? '' : zip.text(n))).join('\n');
    expect(everything).not.toContain('lighthouses');
    expect(everything).not.toContain('bob-export@example.com');

    // Bob's own zip has nothing of Ada's.
    const bobs = await unzip(await fetch(await linkFor(bob)));
    const bobText = bobs.names.map((n) => bobs.text(n)).join('\n');
    expect(bobText).toContain('Bob asks about lighthouses');
    expect(bobText).not.toContain('Whitby');
    expect(bobs.names.some((n) => n.startsWith('documents/'))).toBe(false);
  });

  it('the zip speaks the language the download was asked in: its headings and the names of what has none', async () => {
    const guest = await newGuest(server.url);
    await streamSend(server.url, guest, { requestId: 'guest-export-ar', message: 'سؤال عن المد' });
    await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: guest,
      body: { docId: 'guest-export-untitled', docTitle: '', content: { type: 'doc', content: [] } },
    });
    const zipIn = async (language: string) => {
      const asked = await call<{ url: string }>(server.url, 'POST', '/api/v1/user/exportData', {
        token: guest,
        headers: { language },
      });
      // The download itself is a browser navigation without the app's language header.
      return unzip(await fetch(`${server.url}${asked.body.data.url}`));
    };
    const arabic = await zipIn('ar');
    const chat = arabic.text('chats/0001 سؤال عن المد.md');
    // They were '## You' and '## Parley (Standard)' whatever the language.
    expect(chat).toContain('## أنت\n\nسؤال عن المد');
    expect(chat).toContain('## Parley (قياسي)');
    expect(chat).toMatch(/^# سؤال عن المد\n\n\d{4}-\d\d-\d\d · قياسي\n/);
    expect(arabic.text('writing/0001 بلا عنوان.md')).toMatch(/^# بلا عنوان\n/);
    const chinese = await zipIn('zh');
    expect(chinese.text('chats/0001 سؤال عن المد.md')).toContain('## 你\n\n');
    expect(chinese.text('chats/0001 سؤال عن المد.md')).toContain('## Parley (标准)');
    expect(chinese.names).toContain('writing/0001 无标题.md');
  });

  it('a changed, expired or missing link is refused in the caller’s language; a guest gets their own', async () => {
    const guest = await newGuest(server.url);
    await streamSend(server.url, guest, { requestId: 'guest-export-1', message: 'A guest question' });
    const link = new URL(await linkFor(guest));
    const token = link.searchParams.get('token') as string;
    const [body, signature] = token.split('.');
    // Someone else's user id under this link's signature.
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), userId: 'x' }),
    ).toString('base64url');
    for (const bad of [`${other}.${signature}`, `${body}.${signature.slice(0, -2)}AA`, '', 'nonsense']) {
      const refused = await fetch(
        `${server.url}/api/v1/user/exportData/download?token=${encodeURIComponent(bad)}`,
        {
          headers: { language: 'es' },
        },
      );
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { msg: string }).msg).toMatch(/^Este enlace de descarga ha caducado/);
    }
    const caller = { userId: 'irrelevant', kind: 'guest' as const };
    const expired = server.services.accountExport.link(caller, 'en', Date.now() - 10 * 60_000);
    expect((await fetch(`${server.url}/api/v1/user/exportData/download?token=${expired}`)).status).toBe(404);

    // While one download of an account is being written, a second waits its turn (429); after, it works.
    const first = await fetch(link);
    expect(first.status).toBe(200);
    const second = await fetch(link);
    expect(second.status).toBe(429);
    const zip = await unzip(first);
    expect(zip.names.some((n) => n.startsWith('chats/0001 A guest question'))).toBe(true);
    await second.body?.cancel();
    // A download given up half-way frees the account's turn.
    const abandoned = await fetch(link);
    expect(abandoned.status).toBe(200);
    await abandoned.body?.cancel();
    await expect
      .poll(
        async () => {
          const again = await fetch(link);
          await again.body?.cancel();
          return again.status;
        },
        { timeout: 5000 },
      )
      .toBe(200);
  });
});
