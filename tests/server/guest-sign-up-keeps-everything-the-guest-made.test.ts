import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChannelSummary,
  PresentationSummary,
  PromptPage,
  ShareCreated,
  ShareSummary,
  Usage,
  WorkspaceFile,
  WritingDocSummary,
} from '../../common/contract';
import { loginCodes } from '../../server/db/schema';
import { loginMember } from '../helpers/billing';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';
import { presentationStream } from '../helpers/sse-post';

describe.each(DATABASES)('a guest who signs up on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  const get = <T>(token: string, path: string) => call<T>(server.url, 'GET', path, { token });

  /** A guest with a pdf chat, a writing doc, a saved prompt, a presentation and a shared chat. */
  async function guestWithEverything(tag: string, pdf: Buffer) {
    const guest = await newGuest(server.url);
    const docs = docsClient(server.url, guest);
    const created = await docs.uploadAndCreate(pdf, `${tag}.pdf`);
    expect(created.body.code).toBe(200);
    const md5 = created.body.data.md5;
    const docChat = await docs.chat({ md5 });
    const docChannelId = docChat.body.data.channel_id;
    await streamSend(server.url, guest, {
      channelId: docChannelId,
      message: 'What is the harbour code?',
      requestId: `${tag}-doc-question`,
    });
    const docId = `${tag}-writing`;
    await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: guest,
      body: { docId, docTitle: `${tag} essay`, content: { type: 'doc', content: [] } },
    });
    await call(server.url, 'POST', '/api/v1/prompt/add', {
      token: guest,
      body: { name: `${tag} prompt`, content: 'Summarise {text}' },
    });
    const presentationId = `${tag}-presentation`;
    const outline = await presentationStream(server.url, guest, {
      requestId: `${tag}-outline`,
      presentationId,
      step: 'outline',
      topic: 'Harbours',
    });
    expect(outline.done).toBeTruthy();
    const chat = await streamSend(server.url, guest, { requestId: `${tag}-chat`, message: 'Hello' });
    const channelId = chat.meta?.channelId as string;
    const share = await call<ShareCreated>(server.url, 'POST', '/api/v1/channel/share/create', {
      token: guest,
      body: { channelId },
    });
    expect(share.body.code).toBe(200);
    const used = (await get<Usage>(guest, '/api/v1/user/usage/message')).body.data;
    return { guest, md5, docChannelId, docId, presentationId, channelId, share: share.body.data, used };
  }

  it('the account lists and reads the pdf chat, writing doc, prompt, presentation and share, and can revoke the share', async () => {
    const pdf = await makePdf(['The harbour code is 4711.', 'Second page.']);
    const made = await guestWithEverything('ada', pdf);
    const token = await loginMember(server, 'ada-signup@example.com', made.guest);

    const channels = (await get<ChannelSummary[]>(token, '/api/v1/chat/myChannelList')).body.data;
    expect(channels.map((c) => c.channelId).sort()).toEqual([made.docChannelId, made.channelId].sort());
    const file = await docsClient(server.url, token).file(made.md5);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect((await docsClient(server.url, token).sources(made.docChannelId)).body.code).toBe(200);
    const workspace = (await get<WorkspaceFile[]>(token, '/api/v1/workspace/uploaded/all')).body.data;
    expect(workspace.map((f) => f.name)).toEqual(['ada.pdf']);
    const writing = (await get<WritingDocSummary[]>(token, '/api/v1/writing/myDocList')).body.data;
    expect(writing.map((d) => d.docId)).toEqual([made.docId]);
    expect((await get(token, `/api/v1/writing/getDoc?docId=${made.docId}`)).body.code).toBe(200);
    const prompts = (await get<PromptPage>(token, '/api/v1/prompt/list?start=0&limit=20')).body.data;
    expect(prompts.content.map((p) => p.name)).toEqual(['ada prompt']);
    const presentations = (await get<PresentationSummary[]>(token, '/api/v1/presentation/list')).body.data;
    expect(presentations.map((p) => p.presentationId)).toEqual([made.presentationId]);
    // Signing up does not give a fresh day of quota.
    expect((await get<Usage>(token, '/api/v1/user/usage/message')).body.data.gpt3.used).toBe(
      made.used.gpt3.used,
    );

    const mine = await get<ShareSummary[]>(token, `/api/v1/channel/share/mine?channelId=${made.channelId}`);
    expect(mine.body.data.map((s) => s.shareId)).toEqual([made.share.shareId]);
    const revoked = await call(server.url, 'POST', '/api/v1/channel/share/revoke', {
      token,
      body: { shareId: made.share.shareId },
    });
    expect(revoked.body.code).toBe(200);
    const link = await call(server.url, 'GET', `/api/v1/share/conversation?shareKey=${made.share.shareKey}`);
    expect(link.status).toBe(404);

    // The guest token owns nothing any more.
    expect((await get<ChannelSummary[]>(made.guest, '/api/v1/chat/myChannelList')).body.data).toEqual([]);
  });

  it('a pdf the account already had stays one document, and the guest’s chat about it opens it', async () => {
    const pdf = await makePdf(['Lighthouse keepers log the weather.']);
    const before = await loginMember(server, 'bea-signup@example.com');
    expect((await docsClient(server.url, before).uploadAndCreate(pdf, 'bea.pdf')).body.code).toBe(200);
    const made = await guestWithEverything('bea', pdf);
    // A minute later (a new code may be asked for).
    await server.services.db
      .update(loginCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(loginCodes.email, 'bea-signup@example.com'));
    const token = await loginMember(server, 'bea-signup@example.com', made.guest);
    const workspace = (await get<WorkspaceFile[]>(token, '/api/v1/workspace/uploaded/all')).body.data;
    expect(workspace.map((f) => f.name)).toEqual(['bea.pdf']);
    expect((await docsClient(server.url, token).file(made.md5)).status).toBe(200);
    expect((await docsClient(server.url, token).sources(made.docChannelId)).body.code).toBe(200);
    const reopened = await docsClient(server.url, token).chat({ md5: made.md5 });
    expect(reopened.body.code).toBe(200);
  });
});
