// A member deletes their own account: everything it owned goes (rows and files no one else holds), every device is
// signed out, another user's copy of the same file stays, and a plan that would renew is cancelled first.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelSummary, type ShareCreated, TEST_CARDS } from '../../common/contract';
import {
  channels,
  documents,
  subscriptions,
  testpaySubscriptions,
  userPrompts,
  users,
  writingDocs,
} from '../../server/db/schema';
import { loginMember, me, payWithCard } from '../helpers/billing';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('deleting an account on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  const remove = (token: string, confirm: string, language = 'en') =>
    call<boolean>(server.url, 'POST', '/api/v1/user/deleteAccount', {
      token,
      body: { confirm },
      headers: { language },
    });
  const objectFile = (md5: string) => path.join(server.dataDir, 'objects', 'uploads', md5);
  const userIdOf = async (email: string) =>
    (await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

  it('removes its chats, documents, writing, prompts, shares and sessions; a file another user holds stays', async () => {
    const email = 'ada-delete@example.com';
    const ada = await loginMember(server, email);
    const bob = await loginMember(server, 'bob-keeps@example.com');
    const shared = await makePdf(['Both of us read the tide table for Harwich.']);
    const own = await makePdf(['Only Ada read the lighthouse ledger of Dunwich.']);
    const adaDocs = docsClient(server.url, ada);
    const sharedMd5 = (await adaDocs.uploadAndCreate(shared, 'tides.pdf')).body.data.md5;
    const ownMd5 = (await adaDocs.uploadAndCreate(own, 'ledger.pdf')).body.data.md5;
    expect((await docsClient(server.url, bob).uploadAndCreate(shared, 'tides.pdf')).body.code).toBe(200);
    const chat = await streamSend(server.url, ada, { requestId: 'ada-delete-chat', message: 'Hello there' });
    const channelId = chat.meta?.channelId as string;
    const share = await call<ShareCreated>(server.url, 'POST', '/api/v1/channel/share/create', {
      token: ada,
      body: { channelId },
    });
    await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: ada,
      body: { docId: 'ada-delete-doc', docTitle: 'Essay', content: { type: 'doc', content: [] } },
    });
    await call(server.url, 'POST', '/api/v1/prompt/add', {
      token: ada,
      body: { name: 'Ada prompt', content: 'Summarise {text}' },
    });
    const adaId = await userIdOf(email);
    expect(adaId).toBeTruthy();
    expect(fs.existsSync(objectFile(ownMd5))).toBe(true);

    // A guest has no account to delete, and a wrong or missing confirmation deletes nothing.
    const guest = await newGuest(server.url);
    expect((await remove(guest, '')).status).toBe(403);
    const wrong = await remove(ada, 'bob-keeps@example.com', 'ar');
    expect([wrong.status, wrong.body.code]).toEqual([400, 400]);
    expect(wrong.body.msg).toContain('لم يُحذف شيء');
    expect(
      (await call(server.url, 'POST', '/api/v1/user/deleteAccount', { token: ada, body: {} })).status,
    ).toBe(400);
    expect((await me(server, ada)).email).toBe(email);

    // Case and spaces around the email do not matter.
    const done = await remove(ada, '  ADA-delete@Example.com ');
    expect([done.status, done.body.data]).toEqual([200, true]);

    // Signed out everywhere, and the shared link is gone.
    expect((await call(server.url, 'GET', '/api/v1/user/currentUser', { token: ada })).status).toBe(401);
    const link = await call(
      server.url,
      'GET',
      `/api/v1/share/conversation?shareKey=${share.body.data.shareKey}`,
    );
    expect(link.status).toBe(404);
    const db = server.services.db;
    const id = adaId as string;
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await db.select().from(channels).where(eq(channels.ownerId, id))).toEqual([]);
    expect(await db.select().from(documents).where(eq(documents.ownerId, id))).toEqual([]);
    expect(await db.select().from(writingDocs).where(eq(writingDocs.ownerId, id))).toEqual([]);
    expect(await db.select().from(userPrompts).where(eq(userPrompts.ownerId, id))).toEqual([]);

    // Her own file is gone from the store; the one Bob holds too stays, and he still reads it.
    expect(fs.existsSync(objectFile(ownMd5))).toBe(false);
    expect(fs.existsSync(objectFile(sharedMd5))).toBe(true);
    expect((await docsClient(server.url, bob).file(sharedMd5)).status).toBe(200);

    // The same email signs up again to an empty account.
    const again = await loginMember(server, email);
    expect(
      (await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token: again })).body
        .data,
    ).toEqual([]);
    expect(await userIdOf(email)).not.toBe(adaId);
  });

  it('cancels a paid plan with its provider first, and deletes nothing when that fails', async () => {
    const email = 'cy-delete@example.com';
    const cy = await loginMember(server, email);
    const paid = await payWithCard(server, cy, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    expect(paid.status).toBe(303);
    expect(await me(server, cy)).toMatchObject({ isPro: true });
    const db = server.services.db;
    const [sub] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, (await userIdOf(email)) as string));
    expect(sub?.cancelAtPeriodEnd).toBe(false);

    // Its provider is no longer configured on this server: the plan cannot be stopped, so nothing goes.
    await db.update(subscriptions).set({ provider: 'gone' }).where(eq(subscriptions.id, sub.id));
    const refused = await remove(cy, email);
    expect(refused.status).toBe(502);
    expect(refused.body.msg).toMatch(/nothing was deleted/);
    expect(await me(server, cy)).toMatchObject({ email, isPro: true });

    await db.update(subscriptions).set({ provider: sub.provider }).where(eq(subscriptions.id, sub.id));
    expect((await remove(cy, email)).status).toBe(200);
    const [atProvider] = await db
      .select()
      .from(testpaySubscriptions)
      .where(eq(testpaySubscriptions.id, sub.id));
    expect(atProvider?.cancelAtPeriodEnd).toBe(true);
    expect((await call(server.url, 'GET', '/api/v1/user/currentUser', { token: cy })).status).toBe(401);
  });
});
