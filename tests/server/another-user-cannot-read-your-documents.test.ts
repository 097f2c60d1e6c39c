import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectUploads } from '../../server/db/schema';
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
import { postForm, uploadClient } from '../helpers/uploads';

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

  it('knowing the md5 of your file is not having it: no "already stored", no document, until the bytes are sent', async () => {
    const alice = docsClient(server.url, await newGuest(server.url));
    const secret = await makePdf(['The merger closes on the 3rd of May.']);
    const created = await alice.uploadAndCreate(secret, 'merger.pdf');
    const hash = created.body.data.md5;
    // The same user still gets the instant second upload.
    expect((await alice.grant(hash)).body.data.exists).toBe(true);

    const mallory = docsClient(server.url, await newGuest(server.url));
    const grant = await mallory.grant(hash);
    expect(grant.body.code).toBe(200);
    expect(grant.body.data.exists).toBeUndefined();
    const taken = await mallory.create({ md5: hash, fileName: 'merger.pdf', model: 'Standard' });
    expect([taken.status, taken.body.msg]).toEqual([
      404,
      'This file has not been uploaded yet. Please upload it again.',
    ]);
    expect((await mallory.pages(hash)).status).toBe(404);
    expect((await mallory.file(hash)).bytes).toBeNull();
    // The resumable path does not skip the upload for a stranger either.
    const resumable = await uploadClient(server.url, mallory.token).start(secret, 'merger.pdf');
    expect(resumable.body.data.exists).toBe(false);

    // Whoever really has the bytes proves it by sending them: then the file is theirs to use.
    const sent = await postForm(grant.body.data.url, grant.body.data.fields, secret);
    expect(sent.status).toBe(204);
    const own = await mallory.create({ md5: hash, fileName: 'merger.pdf', model: 'Standard' });
    expect(own.body.code).toBe(200);
    const [row] = await server.services.db.select().from(objectUploads).where(eq(objectUploads.md5, hash));
    expect(row.sha256).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
  });
});
