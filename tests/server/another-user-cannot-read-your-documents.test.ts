import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import {
  DATABASES,
  joinContent,
  newGuest,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

describe.each(DATABASES)("another user's documents on %s", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  it('cannot read your pages, file, sources or chat, nor have your chunks answer them', async () => {
    const aliceToken = await newGuest(server.url);
    const alice = docsClient(server.url, aliceToken);
    const created = await alice.uploadAndCreate(await makePdf(['The vault code is 4711.']), 'secret.pdf');
    const hash = created.body.data.md5;
    const chat = await alice.chat({ md5: hash });
    await streamSend(server.url, aliceToken, {
      channelId: chat.body.data.channel_id,
      model: 'Standard',
      message: 'vault code?',
      requestId: crypto.randomUUID(),
    });

    const bobToken = await newGuest(server.url);
    const bob = docsClient(server.url, bobToken);
    const pages = await bob.pages(hash);
    expect([pages.status, pages.body.msg]).toEqual([404, 'This document does not exist or is not yours.']);
    const file = await bob.file(hash);
    expect([file.status, file.bytes]).toEqual([404, null]);
    expect((await bob.sources(chat.body.data.channel_id)).status).toBe(404);
    expect((await bob.chat({ md5: hash })).status).toBe(404);
    const send = await streamSend(server.url, bobToken, {
      channelId: chat.body.data.channel_id,
      model: 'Standard',
      message: 'vault code?',
      requestId: crypto.randomUUID(),
    });
    expect(send.json?.msg).toBe('This chat does not exist or is not yours.');

    // Bob's own document chat never draws on Alice's chunks.
    const own = await bob.uploadAndCreate(
      await makePdf(['Bob keeps notes about vaults in general.']),
      'bob.pdf',
    );
    const bobChat = await bob.chat({ md5: own.body.data.md5 });
    const answer = await streamSend(server.url, bobToken, {
      channelId: bobChat.body.data.channel_id,
      model: 'Standard',
      message: 'What is the vault code?',
      requestId: crypto.randomUUID(),
    });
    expect(joinContent(answer.chunks)).not.toContain('4711');
    expect(
      (await bob.sources(bobChat.body.data.channel_id)).body.data.every((s) => s.md5 === own.body.data.md5),
    ).toBe(true);
  });
});
