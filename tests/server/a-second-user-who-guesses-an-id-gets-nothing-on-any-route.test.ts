// Every route the app registers, called by a second user (a member and a guest) with the first user's ids,
// md5s, keys and user id in the path, the query and the body: each answers a refusal (or the caller's own,
// empty, things), none shows the owner's words, and the owner's things are the same afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChannelDetail,
  type DocumentImagesPage,
  HUMAN_CHECK_HEADER,
  humanCheckedSendOf,
  type ShareCreated,
  type StartUploadResponse,
  TEST_CARDS,
  WORKSPACE_CATEGORIES,
  type WorkspaceFile,
} from '../../common/contract';
import { billingCustomers } from '../../server/db/schema';
import { billingDetail, loginMember, me, payWithCard, QUESTIONNAIRE } from '../helpers/billing';
import { solveCaptcha } from '../helpers/captcha';
import { makePdf, makePdfWithImages, makePng } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';
import { presentationStream } from '../helpers/sse-post';
import { md5 as md5Of, uploadClient } from '../helpers/uploads';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/documents');
/** A real pdf from the fixtures; these words of it must never reach anyone but its uploader. */
const FIXTURE_PDF = fs.readFileSync(path.join(FIXTURES, 'vector.pdf'));
const FIXTURE_WORDS = ['Sample Vector PDF', 'have fun with it'];
const FIXTURE_PNG = fs.readFileSync(path.join(FIXTURES, 'testOCR.png'));

/**
 * Routes that hold nothing of one user's: public pages and data, sign-in, and calls that only ever act on the
 * caller's own session. Each says why it is not swept; any route not here must be swept below.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  'ALL /*': 'the middlewares every request passes (session, headers, body limits)',
  'GET /api/v1/health': 'liveness, no data',
  'GET /api/v1/ready': 'readiness, no data',
  'GET /api/v1/auth/visitKey': "the server's public key for guest visits",
  'POST /api/v1/auth/visit': 'makes a new guest; takes no id',
  'POST /api/v1/auth/toLoginByEmailValidationCode': 'sign-in: sends a code to the address typed',
  'POST /api/v1/auth/loginByEmailValidationCode': 'sign-in: a code is the grant (email-code-login tests)',
  'POST /api/v1/auth/signout': "ends the caller's own session (the token it sends)",
  'GET /api/v1/release/notes': 'public content',
  'GET /api/v1/release/announcement': 'public content',
  'GET /api/v1/app/links': 'public content',
  'GET /api/v1/landing': 'public content',
  'GET /api/v1/landing/locales': 'public content',
  'GET /api/v1/front/getI18n': 'public translation tables',
  'GET /api/v1/template/list': 'public templates',
  'GET /bloom/oauth2/:provider/start': 'social sign-in: the provider flow is the grant (social-login tests)',
  'GET /bloom/oauth2/google/code': 'social sign-in callback (social-login tests)',
  'GET /bloom/oauth2/google/onetap': 'social sign-in callback (social-login tests)',
  'POST /api/v1/auth/appleAuthCode': 'social sign-in callback (social-login tests)',
  'POST /bloom/oauth2/apple/formpost': 'social sign-in callback (social-login tests)',
  'GET /bloom/oauth2/google/gdrivecallback': "connects Drive for the flow's own caller (social-login tests)",
  'GET /api/v1/captcha/challenge': 'a fresh human-check challenge',
  'GET /api/v1/tool/ip': "the caller's own address",
  'GET /api/v1/search/favicon': 'a public web icon by origin, asked for by <img> without a token',
  'GET /api/v1/search/status': 'which search providers are on',
  'POST /api/v1/analytics/events': 'write-only, consent-driven; read back only as operator counts',
  'POST /api/v1/front/clientError': 'write-only crash reports to the log',
  'GET /manifest.webmanifest': 'the static app',
  'GET /': 'the static app',
  'GET /index.html': 'the static app',
  'GET /*': 'the static app and its assets',
};

interface Owned {
  label: string;
  token: string;
  member: boolean;
  email: string | null;
  userId: string;
  /** Words put in every title, text, name and prompt this owner made. */
  secret: string;
  channelId: string;
  requestId: string;
  userMessageId: string;
  assistantMessageId: string;
  md5: string;
  docChannelId: string;
  imagesMd5: string;
  docImageIds: string[];
  presentationId: string;
  presentationRequestId: string;
  imageId: string;
  docId: string;
  docRevision: number;
  writingImageMd5: string;
  promptId: string;
  promptClientId: string;
  shareId: string;
  shareKey: string;
  uploadId: string;
  uploadMd5: string;
  uploadSize: number;
  workspace: WorkspaceFile[];
  subscriptionId: string | null;
  customerId: string | null;
  checkoutSessionId: string | null;
}

interface Hit {
  route: string;
  who: string;
  status: number;
  text: string;
  refused: boolean;
  expect: 'refused' | 'own';
  check?: string | null;
}

const editorDoc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe.each(DATABASES)('a second user who guesses ids gets nothing, on every route, on %s', (kind) => {
  let server: TestServer;
  let images: FakeOpenAi;
  const hits: Hit[] = [];
  /** Refusals of A's id that differ from the refusal of an id nobody has (the answer would tell B it exists). */
  const oracles: string[] = [];
  const owners: Owned[] = [];
  const before = new Map<string, unknown>();

  /** Calls one route (its pattern filled from `params`) and keeps the answer for the checks. */
  async function hit(
    route: string,
    who: { token: string | null; label: string },
    options: {
      params?: Record<string, string>;
      query?: Record<string, string | number | undefined>;
      body?: unknown;
      raw?: BodyInit;
      headers?: Record<string, string>;
      expect?: 'refused' | 'own';
      /** A further rule for an answer that is the caller's own: a reason it is wrong, or null. */
      check?: (json: { code?: number; data?: unknown } | null) => string | null;
    } = {},
  ): Promise<{ status: number; json: { code?: number; data?: unknown; msg?: string } | null; text: string }> {
    const [method, pattern] = route.split(' ');
    const filled = pattern.replace(/:(\w+)/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${route}: no value for :${name}`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query.set(k, String(v));
    const headers: Record<string, string> = { ...options.headers };
    if (who.token) headers.Authorization = who.token;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined && method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${server.url}${filled}${query.size ? `?${query}` : ''}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: { code?: number; data?: unknown; msg?: string } | null = null;
    if ((response.headers.get('content-type') ?? '').includes('json'))
      try {
        json = JSON.parse(text);
      } catch {}
    const refused = response.status >= 400 || (json !== null && json.code !== undefined && json.code !== 200);
    hits.push({
      route,
      who: who.label,
      status: response.status,
      text,
      refused,
      expect: options.expect ?? 'refused',
      check: options.check ? options.check(json) : null,
    });
    return { status: response.status, json, text };
  }

  const sendHeaders = async (body: Record<string, unknown>) => ({
    [HUMAN_CHECK_HEADER[humanCheckedSendOf(body)]]: await solveCaptcha(server.url),
  });

  /** One of every kind of thing, each carrying the owner's secret words. */
  async function makeEverything(token: string, label: string, email: string | null): Promise<Owned> {
    const secret = `Quokka${label}Secret`;
    const user = await me(server, token);
    const docs = docsClient(server.url, token);

    const requestId = `${label}-chat-request-1`;
    const first = await streamSend(server.url, token, { requestId, message: `${secret} launch budget` });
    const channelId = first.meta!.channelId;
    await streamSend(server.url, token, {
      requestId: `${label}-chat-request-2`,
      channelId,
      message: `${secret} more`,
    });
    await call(server.url, 'POST', '/api/v1/channel', {
      token,
      body: { channelId, channelName: `${secret} chat` },
    });
    const detail = await call<ChannelDetail>(server.url, 'POST', '/api/v1/chat/getChannel', {
      token,
      body: { channelId },
    });
    const userMessageId = detail.body.data.messages.find((m) => m.role === 'user')!.id;
    const assistantMessageId = detail.body.data.messages.find((m) => m.role === 'assistant')!.id;
    await call(server.url, 'POST', '/api/v1/chat/feedback', {
      token,
      body: { messageId: assistantMessageId, type: 'dislike', reason: `${secret} reason` },
    });

    const created = await docs.uploadAndCreate(FIXTURE_PDF, `${secret}-vector.pdf`);
    expect(created.body.code).toBe(200);
    const md5 = created.body.data.md5;
    const docChat = await docs.chat({ md5 });
    const docChannelId = docChat.body.data.channel_id;
    await streamSend(server.url, token, {
      requestId: `${label}-doc-request-1`,
      channelId: docChannelId,
      message: 'What is this file for?',
    });

    const withImages = await docs.uploadAndCreate(
      await makePdfWithImages([{ text: `${secret} greenhouse`, images: [makePng(120, 80, 7)] }]),
      `${secret}-greenhouse.pdf`,
    );
    const imagesMd5 = withImages.body.data.md5;
    await call(server.url, 'POST', '/py/api/v1/chat/extract_image', { token, body: { md5: imagesMd5 } });
    const listed = await call<DocumentImagesPage>(server.url, 'POST', '/api/v1/chat/getImages', {
      token,
      body: { md5: imagesMd5 },
    });
    const docImageIds = listed.body.data.images.map((i) => i.imageId);
    expect(docImageIds.length).toBeGreaterThan(0);

    const presentationId = `pres-${label}-0001`;
    const presentationRequestId = `${label}-pres-request-1`;
    const outline = await presentationStream(server.url, token, {
      requestId: presentationRequestId,
      presentationId,
      step: 'outline',
      topic: `${secret} solar power`,
    });
    expect(outline.done).toEqual({ status: 'done' });

    const image = await call<{ imageId: string }>(server.url, 'POST', '/api/v1/image/generate', {
      token,
      body: { prompt: `${secret} a red square` },
    });
    expect(image.body.code).toBe(200);

    const docId = `doc-${label}-0001`;
    const upserted = await call<{ revision: number }>(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token,
      body: { docId, docTitle: `${secret} essay`, content: editorDoc(`${secret} first draft`) },
    });
    let docRevision = upserted.body.data.revision;
    for (const text of ['second draft', 'third draft']) {
      const updated = await call<{ revision: number }>(server.url, 'POST', '/api/v1/writing/updateDoc', {
        token,
        body: { docId, baseRevision: docRevision, content: editorDoc(`${secret} ${text}`) },
      });
      expect(updated.body.code).toBe(200);
      docRevision = updated.body.data.revision;
    }
    await call(server.url, 'POST', '/api/v1/writing/setTipsExistFlag', {
      token,
      body: { docId, tipsExistFlag: true },
    });
    // A picture in the editor: the owner's upload, served through a signed address.
    const writingImage = Buffer.concat([FIXTURE_PNG, Buffer.from(label)]);
    const writingImageMd5 = await docs.upload(writingImage);

    const promptClientId = `${label}-prompt-client-1`;
    const prompt = await call<{ promptId: string }>(server.url, 'POST', '/api/v1/prompt/add', {
      token,
      body: { name: `${secret} prompt`, content: `${secret} prompt text`, clientId: promptClientId },
    });
    await call(server.url, 'POST', '/api/v1/prompt/recentSearch', {
      token,
      body: { key: `${secret} search` },
    });

    const share = await call<ShareCreated>(server.url, 'POST', '/api/v1/channel/share/create', {
      token,
      body: { channelId },
    });
    await call(server.url, 'POST', '/api/v1/user/feedback', {
      token,
      body: { category: 'suggestion', content: `${secret} feedback`, page: '/chat' },
    });
    await call(server.url, 'POST', '/api/v1/user/updateConnector', {
      token,
      body: { type: 'GOOGLE_DRIVE', status: 1 },
    });

    // A resumable upload left half-way: part 1 of 3 received.
    const big = Buffer.alloc(2 * 1024 * 1024 + 4096, `${secret} `);
    const uploads = uploadClient(server.url, token);
    const started = await uploads.start(big, `${secret}-big.pdf`);
    const startedData = started.body.data as Extract<StartUploadResponse, { exists: false }>;
    await uploads.putPart(startedData.uploadId, 1, big.subarray(0, startedData.partSize));

    let subscriptionId: string | null = null;
    let customerId: string | null = null;
    let checkoutSessionId: string | null = null;
    if (email) {
      const paid = await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
      checkoutSessionId = new URL(paid.checkoutUrl!).pathname.split('/').pop()!;
      subscriptionId = (await billingDetail(server, token)).data!.subscriptionId;
      const [customer] = await server.services.db
        .select()
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, user.uid));
      customerId = customer.customerId;
    }

    const workspace: WorkspaceFile[] = [];
    for (const routeType of ['manual', 'ai'])
      workspace.push(
        ...(await call<WorkspaceFile[]>(server.url, 'GET', `/api/v1/workspace/${routeType}/all`, { token }))
          .body.data,
      );
    expect(workspace.length).toBeGreaterThanOrEqual(4);

    return {
      label,
      token,
      member: Boolean(email),
      email,
      userId: user.uid,
      secret,
      channelId,
      requestId,
      userMessageId,
      assistantMessageId,
      md5,
      docChannelId,
      imagesMd5,
      docImageIds,
      presentationId,
      presentationRequestId,
      imageId: image.body.data.imageId,
      docId,
      docRevision,
      writingImageMd5,
      promptId: prompt.body.data.promptId,
      promptClientId,
      shareId: share.body.data.shareId,
      shareKey: share.body.data.shareKey,
      uploadId: startedData.uploadId,
      uploadMd5: md5Of(big),
      uploadSize: big.length,
      workspace,
      subscriptionId,
      customerId,
      checkoutSessionId,
    };
  }

  /** What the owner reads of their things; the same before and after the sweep means nothing was changed. */
  async function snapshot(a: Owned) {
    const get = async (pathname: string) =>
      (await call(server.url, 'GET', pathname, { token: a.token })).body.data;
    const post = async (pathname: string, body: unknown) =>
      (await call(server.url, 'POST', pathname, { token: a.token, body })).body.data;
    const bytes = async (pathname: string) => {
      const response = await fetch(`${server.url}${pathname}`, { headers: { Authorization: a.token } });
      return [response.status, md5Of(Buffer.from(await response.arrayBuffer()))];
    };
    const uploads = await call<StartUploadResponse>(server.url, 'POST', '/py/api/v1/upload/start', {
      token: a.token,
      body: {
        md5: a.uploadMd5,
        size: a.uploadSize,
        fileName: `${a.secret}-big.pdf`,
        contentType: 'application/pdf',
      },
    });
    return {
      channels: await get('/api/v1/chat/myChannelList'),
      chat: await post('/api/v1/chat/getChannel', { channelId: a.channelId }),
      docChat: await post('/api/v1/chat/getChannel', { channelId: a.docChannelId }),
      shares: await get(`/api/v1/channel/share/mine?channelId=${a.channelId}`),
      sharedByKey: await get(`/api/v1/channel/share/detail?shareKey=${a.shareKey}`),
      pages: await get(`/api/v1/chat/doc/pages?md5=${a.md5}`),
      file: await bytes(`/api/v1/chat/doc/file?md5=${a.md5}`),
      sources: await get(`/api/v1/chat/doc/sources?channelId=${a.docChannelId}`),
      docImages: await post('/api/v1/chat/getImages', { md5: a.imagesMd5 }),
      docImage: await bytes(`/api/v1/chat/doc/image?imageId=${a.docImageIds[0]}`),
      presentations: await get('/api/v1/presentation/list'),
      presentation: await get(`/api/v1/presentation/get?presentationId=${a.presentationId}`),
      images: await get('/api/v1/image/list'),
      image: await bytes(`/api/v1/image/file?imageId=${a.imageId}`),
      writingList: await get('/api/v1/writing/myDocList'),
      writing: await get(`/api/v1/writing/getDoc?docId=${a.docId}`),
      writingImage: Boolean(await get(`/api/v1/writing/imageUrl?md5=${a.writingImageMd5}`)),
      prompts: await get('/api/v1/prompt/list'),
      recent: await post('/api/v1/prompt/recentSearch', {}),
      feedback: await get('/api/v1/user/feedback/mine'),
      connectors: await get('/api/v1/user/checkConnector'),
      documentSettings: await get('/api/v1/user/documentSettings'),
      upload: uploads.body.data,
      workspace: [await get('/api/v1/workspace/manual/all'), await get('/api/v1/workspace/ai/all')],
      billing: a.member ? await get('/api/v1/billing/detail') : null,
      user: await get('/api/v1/user/currentUser'),
    };
  }

  /** B's own chat and document, for the lists that mix B's ids with A's. */
  async function makeOwn(token: string, label: string) {
    const sent = await streamSend(server.url, token, {
      requestId: `${label}-own-request-1`,
      message: 'my own',
    });
    const own = await docsClient(server.url, token).uploadAndCreate(
      await makePdf([`${label} notes`]),
      'own.pdf',
    );
    const docChat = await docsClient(server.url, token).chat({ md5: own.body.data.md5 });
    return {
      channelId: sent.meta!.channelId,
      md5: own.body.data.md5,
      docChannelId: docChat.body.data.channel_id,
    };
  }

  /** Every route, called by `b` with `a`'s identifiers everywhere an identifier goes. */
  async function sweep(b: { token: string; label: string; member: boolean }, a: Owned) {
    const who = { token: b.token, label: `${b.label} on ${a.label}'s` };
    const own = await makeOwn(b.token, `${b.label}-${a.label}`);
    const tricks = { userId: a.userId, ownerId: a.userId, uid: a.userId };
    const notA = (json: { data?: unknown } | null) =>
      JSON.stringify(json?.data ?? null).includes(a.userId) ? "answers A's user id" : null;

    // Chats and their answers.
    await hit('GET /api/v1/chat/myChannelList', who, { expect: 'own', query: tricks });
    for (const channelId of [a.channelId, a.docChannelId]) {
      await hit('POST /api/v1/channel', who, { body: { channelId, channelName: 'renamed by B', ...tricks } });
      await hit('POST /api/v1/channel/delete', who, { body: { channelId, ...tricks } });
      await hit('POST /api/v1/chat/getChannel', who, { body: { channelId, ...tricks } });
    }
    const sends: Record<string, unknown>[] = [
      { requestId: `${b.label}-${a.label}-into-a`, channelId: a.channelId, message: 'hi' },
      { requestId: `${b.label}-${a.label}-into-doc`, channelId: a.docChannelId, message: 'vector?' },
      { requestId: `${b.label}-${a.label}-regen`, channelId: a.channelId, regenerate: true },
      { requestId: a.requestId, message: 'replay' },
      {
        requestId: `${b.label}-${a.label}-edit`,
        channelId: own.channelId,
        editMessageId: a.userMessageId,
        message: 'x',
      },
      { requestId: `${b.label}-${a.label}-edit2`, editMessageId: a.userMessageId, message: 'x' },
    ];
    for (const body of sends)
      await hit('POST /api/v1/chat/send', who, {
        body: { ...body, ...tricks },
        headers: { Accept: 'text/event-stream', ...(await sendHeaders(body)) },
      });
    // Resuming A's answer stream by its requestId.
    await hit('POST /api/v1/chat/send', who, {
      body: { requestId: a.requestId, channelId: a.channelId, message: `${a.secret} launch budget` },
      headers: {
        Accept: 'text/event-stream',
        'Last-Event-ID': '0',
        ...(await sendHeaders({ requestId: a.requestId })),
      },
    });
    // A question in B's own document chat in the words of A's file: answered from B's document only.
    const docQuestion = {
      requestId: `${b.label}-${a.label}-own-doc`,
      channelId: own.docChannelId,
      message: 'What text should be used for OCR processing in the vector testing sample?',
    };
    await hit('POST /api/v1/chat/send', who, {
      body: docQuestion,
      headers: { Accept: 'text/event-stream', ...(await sendHeaders(docQuestion)) },
      expect: 'own',
      // The answer streams (no JSON refusal), so it is the answer itself that must not draw on A's file.
      check: (json) => (json ? `B's own question was refused: ${JSON.stringify(json)}` : null),
    });
    // A writing document's id handed to a send of B's own: B's answer, never A's text.
    const writingSend = {
      requestId: `${b.label}-${a.label}-writing`,
      writingDocId: a.docId,
      message: 'summarise',
    };
    await hit('POST /api/v1/chat/send', who, {
      body: writingSend,
      headers: { Accept: 'text/event-stream', ...(await sendHeaders(writingSend)) },
      expect: 'own',
    });
    await hit('POST /api/v1/chat/stop', who, { body: { requestId: a.requestId, ...tricks } });
    // A request id of one kind handed to the other: runs of chats and of presentations do not mix. (Stop
    // first: the send then starts B's own chat under that id, which B may stop.)
    await hit('POST /api/v1/chat/stop', who, { body: { requestId: a.presentationRequestId } });
    const crossSend = { requestId: a.presentationRequestId, message: 'x' };
    await hit('POST /api/v1/chat/send', who, {
      body: crossSend,
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '0', ...(await sendHeaders(crossSend)) },
      expect: 'own',
    });
    await hit('POST /api/v1/presentation/generate', who, {
      body: { requestId: a.requestId, presentationId: `pres-${b.label}-${a.label}-3`, step: 'slides' },
      headers: { 'Last-Event-ID': '0' },
    });
    await hit('POST /api/v1/chat/feedback', who, {
      body: { messageId: a.assistantMessageId, type: 'like', reason: null },
    });

    // Uploads and documents.
    const grant = await hit('GET /py/api/v1/chat/getPresignedPost', who, {
      query: { md5: a.md5 },
      expect: 'own',
      check: (json) =>
        (json?.data as { exists?: boolean })?.exists ? 'says A\'s file is "already stored"' : null,
    });
    const grantData = grant.json?.data as { url: string; fields: Record<string, string> };
    const form = new FormData();
    for (const [name, value] of Object.entries(grantData.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(Buffer.from('not the same bytes'))]), 'a.pdf');
    await hit(
      'POST /py/api/v1/storage/post/:bucket',
      { token: null, label: who.label },
      {
        params: { bucket: grantData.url.split('/').pop()! },
        raw: form,
      },
    );
    await hit('POST /py/api/v1/upload/start', who, {
      body: { md5: a.uploadMd5, size: a.uploadSize, fileName: 'guess.pdf' },
      expect: 'own',
      check: (json) => {
        const data = json?.data as { exists?: boolean; uploadId?: string; received?: number[] };
        if (data?.exists) return "says A's file exists";
        if (data?.uploadId === a.uploadId) return "hands out A's upload";
        return data?.received?.length ? "shows A's received parts" : null;
      },
    });
    await hit('PUT /py/api/v1/upload/part', who, {
      query: { uploadId: a.uploadId, partNumber: 2 },
      raw: new Uint8Array(Buffer.alloc(1024, 'B')),
    });
    await hit('POST /py/api/v1/upload/complete', who, { body: { uploadId: a.uploadId } });
    await hit('POST /py/api/v1/chat/create', who, { body: { md5: a.md5, fileName: 'mine.pdf', ...tricks } });
    // Progress is kept per reader: another user's md5 has none.
    await hit('GET /py/api/v1/chat/parseProgress', who, {
      query: { md5: a.md5 },
      expect: 'own',
      check: (json) => (json?.data === null ? null : "answers progress of A's file"),
    });
    await hit('POST /api/v1/chat/doc/create', who, { body: { md5: a.md5 } });
    await hit('POST /api/v1/chat/doc/create', who, { body: { md5s: [own.md5, a.md5] } });
    for (const channelId of [a.channelId, a.docChannelId])
      await hit('POST /api/v1/chat/createNewChat', who, { body: { channelId } });
    await hit('POST /api/v1/chat/createNewChat', who, { body: { docs: [{ md5: own.md5 }, { md5: a.md5 }] } });
    // B's own chat or document named beside A's: B's answer may come, never with A's document in it.
    const withoutA = (json: { data?: unknown } | null) =>
      JSON.stringify(json?.data ?? null).includes(a.md5) ? "puts A's document in B's chat" : null;
    await hit('POST /api/v1/chat/createNewChat', who, {
      body: { channelId: own.docChannelId, docs: [{ md5: own.md5 }, { md5: a.md5 }] },
      expect: 'own',
      check: withoutA,
    });
    await hit('POST /api/v1/chat/doc/create', who, {
      body: { md5: own.md5, md5s: [a.md5] },
      expect: 'own',
      check: withoutA,
    });
    await hit('POST /api/v1/chat/getImages', who, {
      body: { channelId: own.docChannelId, md5: a.imagesMd5 },
      expect: 'own',
      check: (json) =>
        JSON.stringify(json?.data ?? null).includes(a.imagesMd5) ? "lists A's pictures" : null,
    });
    await hit('GET /api/v1/chat/doc/sources', who, {
      query: { channelId: own.docChannelId },
      expect: 'own',
      check: withoutA,
    });
    await hit('GET /api/v1/chat/doc/pages', who, { query: { md5: a.md5 } });
    await hit('GET /api/v1/chat/doc/file', who, { query: { md5: a.md5 } });
    await hit('POST /api/v1/chat/doc/readAgain', who, { body: { md5: a.md5, ...tricks } });
    for (const channelId of [a.channelId, a.docChannelId]) {
      await hit('GET /api/v1/chat/linkSources', who, { query: { channelId } });
      await hit('GET /api/v1/chat/doc/sources', who, { query: { channelId } });
      await hit('POST /api/v1/chat/getImages', who, { body: { channelId } });
    }
    // A resumable upload of other bytes under A's md5 is refused at the end and leaves A's file as it was.
    const junk = Buffer.alloc(FIXTURE_PDF.length, 'B');
    const mine = await hit('POST /py/api/v1/upload/start', who, {
      body: { md5: a.md5, size: junk.length, fileName: 'vector.pdf', contentType: 'application/pdf' },
      expect: 'own',
      check: (json) => ((json?.data as { exists?: boolean })?.exists ? "says A's file exists" : null),
    });
    const mineId = (mine.json?.data as { uploadId?: string })?.uploadId;
    if (mineId) {
      await hit('PUT /py/api/v1/upload/part', who, {
        query: { uploadId: mineId, partNumber: 1 },
        raw: new Uint8Array(junk),
        expect: 'own',
      });
      await hit('POST /py/api/v1/upload/complete', who, { body: { uploadId: mineId } });
    }
    for (const routeType of ['manual', 'ai', 'uploaded', 'generated'])
      for (const fileCategory of WORKSPACE_CATEGORIES)
        await hit('GET /api/v1/workspace/:routeType/:fileCategory', who, {
          params: { routeType, fileCategory },
          expect: 'own',
        });
    for (const file of a.workspace)
      for (const category of WORKSPACE_CATEGORIES.filter((c) => c !== 'all'))
        await hit('POST /api/v1/workspace/delete', who, { body: { category, id: file.id, ...tricks } });

    // Pictures found in documents.
    await hit('POST /api/v1/chat/getImages', who, { body: { md5: a.imagesMd5 } });
    await hit('POST /api/v1/chat/getImages', who, {
      body: { md5: own.md5, beforeImageId: a.docImageIds[0] },
      expect: 'own',
    });
    await hit('POST /py/api/v1/chat/extract_image', who, { body: { md5: a.imagesMd5 } });
    await hit('GET /api/v1/chat/doc/image', who, { query: { imageId: a.docImageIds[0] } });

    // Writing.
    await hit('GET /api/v1/writing/getDoc', who, { query: { docId: a.docId } });
    await hit('GET /api/v1/writing/myDocList', who, { expect: 'own', query: tricks });
    await hit('POST /api/v1/writing/updateDoc', who, {
      body: { docId: a.docId, docTitle: 'taken', baseRevision: a.docRevision },
    });
    await hit('POST /api/v1/writing/deleteDoc', who, { body: { docId: a.docId } });
    await hit('POST /api/v1/writing/setTipsExistFlag', who, {
      body: { docId: a.docId, tipsExistFlag: false },
    });
    // A create under A's document id: ids are unique per owner, so it makes B's own new document, answered like a
    // create under an id no one has (no refusal that would tell B the id is taken), and A's stays as it was.
    const freshCreate = (json: { data?: unknown } | null) => {
      const doc = json?.data as { revision?: number; docTitle?: string } | undefined;
      return doc?.revision === 1 && doc.docTitle === 'taken' ? null : 'not answered as a fresh create';
    };
    await hit('POST /api/v1/writing/upsertDoc', who, {
      body: {
        docId: a.docId,
        docTitle: 'taken',
        content: editorDoc('B was here'),
        baseRevision: a.docRevision,
      },
      expect: 'own',
      check: freshCreate,
    });
    await hit('POST /api/v1/writing/upsertDoc', who, {
      body: { docId: a.docId, docTitle: 'taken', content: editorDoc('B was here') },
      expect: 'own',
      check: freshCreate,
    });
    await hit('GET /api/v1/writing/imageUrl', who, { query: { md5: a.writingImageMd5 } });
    await hit('GET /api/v1/writing/image/:md5', who, { params: { md5: a.writingImageMd5 } });
    await hit('GET /api/v1/writing/image/:md5', who, {
      params: { md5: a.writingImageMd5 },
      query: { k: a.userId },
    });
    // A's editor picture copied into a document of B's own: B's copy is not signed into a working address.
    const ownDocId = `doc-${b.label}-${a.label}-own`;
    const picture = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: `/api/v1/writing/image/${a.writingImageMd5}` } }],
    };
    const signed = (json: { data?: unknown } | null) =>
      JSON.stringify(json?.data ?? null).includes(`${a.writingImageMd5}?k=`) ? "signs A's picture" : null;
    await hit('POST /api/v1/writing/upsertDoc', who, {
      body: { docId: ownDocId, docTitle: 'mine', content: picture },
      expect: 'own',
      check: signed,
    });
    await hit('GET /api/v1/writing/getDoc', who, {
      query: { docId: ownDocId },
      expect: 'own',
      check: signed,
    });
    await hit('GET /api/v1/writing/extractTitle', who, {
      query: { url: `${server.url}/api/v1/writing/getDoc?docId=${a.docId}` },
    });

    // Saved prompts.
    await hit('GET /api/v1/prompt/list', who, { expect: 'own', query: tricks });
    await hit('POST /api/v1/prompt/instance', who, { body: { key: a.secret, ...tricks }, expect: 'own' });
    await hit('POST /api/v1/prompt/add', who, {
      body: { name: 'mine', content: 'mine', clientId: a.promptClientId, ...tricks },
      expect: 'own',
      check: (json) =>
        (json?.data as { promptId?: string })?.promptId === a.promptId ? "answers A's prompt" : null,
    });
    await hit('POST /api/v1/prompt/recentSearch', who, { body: {}, expect: 'own' });
    await hit('PUT /api/v1/prompt/:promptId', who, {
      params: { promptId: a.promptId },
      body: { name: 'taken', content: 'taken' },
    });
    await hit('DELETE /api/v1/prompt/:promptId', who, { params: { promptId: a.promptId } });

    // Share links: the key is the grant, so an id or a channel id must not open anything.
    for (const channelId of [a.channelId, a.docChannelId])
      await hit('POST /api/v1/channel/share/create', who, { body: { channelId } });
    await hit('GET /api/v1/channel/share/mine', who, {
      query: { channelId: a.channelId },
      check: (json) => (JSON.stringify(json?.data ?? '').includes(a.shareId) ? "lists A's share" : null),
    });
    await hit('POST /api/v1/channel/share/revoke', who, { body: { shareId: a.shareId } });
    for (const guess of [a.shareId, a.channelId]) {
      await hit('GET /api/v1/channel/share/preview', who, { query: { shareKey: guess } });
      await hit('GET /api/v1/channel/share/detail', who, { query: { shareKey: guess } });
      await hit('GET /api/v1/share/conversation', who, { query: { shareKey: guess } });
      await hit('POST /api/v1/channel/share/createChannelByShareKey', who, { body: { shareKey: guess } });
    }

    // Operators' counts.
    await hit('GET /api/v1/analytics/daily', who, { query: { days: 30 } });

    // Presentations, flowcharts, images.
    await hit('POST /api/v1/presentation/generate', who, {
      body: {
        requestId: `${b.label}-${a.label}-p1`,
        presentationId: a.presentationId,
        step: 'outline',
        topic: 'x',
      },
    });
    await hit('POST /api/v1/presentation/generate', who, {
      body: { requestId: a.presentationRequestId, presentationId: a.presentationId, step: 'slides' },
    });
    await hit('POST /api/v1/presentation/generate', who, {
      body: {
        requestId: a.presentationRequestId,
        presentationId: `pres-${b.label}-${a.label}-1`,
        step: 'outline',
        topic: 'x',
      },
    });
    await hit('POST /api/v1/presentation/generate', who, {
      body: {
        requestId: `${b.label}-${a.label}-p2`,
        presentationId: `pres-${b.label}-${a.label}-2`,
        step: 'outline',
        md5: a.md5,
      },
    });
    await hit('POST /api/v1/presentation/generate', who, {
      body: {
        requestId: `${b.label}-${a.label}-p4`,
        presentationId: `pres-${b.label}-${a.label}-4`,
        step: 'outline',
        topic: 'x',
        md5: a.md5,
      },
    });
    await hit('GET /api/v1/presentation/list', who, { expect: 'own', query: tricks });
    await hit('GET /api/v1/presentation/get', who, { query: { presentationId: a.presentationId } });
    await hit('GET /api/v1/presentation/get', who, {
      query: { presentationId: `pres-${b.label}-${a.label}-2` },
    });
    await hit('POST /api/v1/presentation/updateOutline', who, {
      body: { presentationId: a.presentationId, title: 'taken', outline: [{ title: 'x', points: [] }] },
    });
    await hit('POST /api/v1/presentation/stop', who, { body: { presentationId: a.presentationId } });
    await hit('POST /api/v1/presentation/delete', who, { body: { presentationId: a.presentationId } });
    await hit('GET /api/v1/presentation/export', who, { query: { presentationId: a.presentationId } });
    await hit('POST /api/v1/creation/flowchart', who, {
      body: { prompt: 'plan a trip', ...tricks },
      expect: 'own',
    });
    await hit('GET /api/v1/image/status', who, { expect: 'own' });
    await hit('POST /api/v1/image/generate', who, {
      body: { prompt: 'a blue circle', imageId: a.imageId },
      expect: 'own',
    });
    await hit('GET /api/v1/image/list', who, { expect: 'own', query: tricks });
    await hit('GET /api/v1/image/file', who, { query: { imageId: a.imageId } });
    await hit('POST /api/v1/image/delete', who, { body: { imageId: a.imageId } });

    // Feedback and the user's own settings.
    await hit('POST /api/v1/user/feedback', who, {
      body: { category: 'other', content: 'from B', ...tricks },
      expect: 'own',
    });
    await hit('GET /api/v1/user/feedback/mine', who, { expect: 'own', query: tricks });
    await hit('GET /api/v1/user/userProperties', who, { expect: 'own', query: tricks, check: notA });
    await hit('POST /api/v1/user/tips', who, {
      body: { userTips: [{ tag: 'pro', value: 1 }], ...tricks },
      expect: 'own',
      check: notA,
    });
    await hit('GET /api/v1/user/usage/message', who, { expect: 'own', query: tricks, check: notA });
    await hit('GET /api/v1/user/checkConnector', who, { expect: 'own', query: tricks, check: notA });
    await hit('POST /api/v1/user/updateConnector', who, {
      body: { type: 'GOOGLE_DRIVE', status: 0, ...tricks },
      expect: 'own',
      check: notA,
    });
    await hit('GET /api/v1/user/currentUser', who, { expect: 'own', query: tricks, check: notA });
    // Deleting an account acts on the caller's own only: A's email (or DELETE for a guest A) with A's ids under
    // every field name deletes neither A (the snapshot after) nor B, who never typed their own email here.
    // Reading scanned pages (OCR) is each user's own choice: B's change, with A's user id or without, is B's.
    await hit('GET /api/v1/user/documentSettings', who, { expect: 'own', query: tricks, check: notA });
    await hit('POST /api/v1/user/documentSettings', who, {
      body: { ocr: false, ocrLanguage: 'ara', ...tricks },
      expect: 'refused',
    });
    await hit('POST /api/v1/user/documentSettings', who, {
      body: { ocr: false, ocrLanguage: 'ara' },
      expect: 'own',
    });
    await hit('POST /api/v1/user/documentSettings', who, {
      body: { ocr: true, ocrLanguage: 'Auto' },
      expect: 'own',
    });
    // A data export is the caller's own: a link made for B and turned to A's user id is refused.
    const exportLink = await hit('POST /api/v1/user/exportData', who, { body: tricks, expect: 'own' });
    const signature = String((exportLink.json?.data as { url?: string } | undefined)?.url ?? '')
      .split('.')
      .pop();
    const forged = Buffer.from(JSON.stringify({ userId: a.userId, expiresAt: Date.now() + 60_000 })).toString(
      'base64url',
    );
    await hit('GET /api/v1/user/exportData/download', who, {
      query: { token: `${forged}.${signature}`, ...tricks },
      expect: 'refused',
    });
    await hit('POST /api/v1/user/deleteAccount', who, {
      body: { confirm: a.email ?? 'DELETE', ...tricks },
      expect: 'refused',
    });

    // Billing: A's subscription, customer, checkout and confirmation ids.
    const sub = a.subscriptionId ?? 'sub_none';
    const customer = a.customerId ?? 'cus_none';
    for (const route of [
      'GET /api/v1/membership/allProducts',
      'GET /api/v1/membership/freeTrial',
      'GET /api/v1/membership/payment',
      'POST /api/v1/marketing/active',
      'GET /api/v1/billing/detail',
      'GET /api/v1/billing/allowCancelDiscount',
      'GET /api/v1/billing/allowStudentDiscount',
      'GET /api/v1/upgrade/upGradeProducts',
      'POST /api/v1/billing/checkoutResult',
    ])
      await hit(route, who, {
        query: { ...tricks, subscriptionId: sub, customer },
        expect: 'own',
        check: notA,
      });
    for (const route of [
      'GET /api/v1/stripe/check',
      'GET /api/v1/stripe/checkWithTrail',
      'GET /api/v1/stripe/checkWithCoupon',
    ])
      await hit(route, who, {
        query: { productId: 'pro-month-g0', successUrl: '/', cancelUrl: '/', ...tricks, customer },
        expect: 'own',
      });
    await hit('POST /api/v1/billing/subscription/cancel', who, {
      body: { subscriptionId: sub, feedback: QUESTIONNAIRE },
    });
    await hit('GET /api/v1/billing/cancelDiscount', who, { query: { subscriptionId: sub } });
    // These two read the caller's current plan and never the subscription id they are given: B's own answer.
    await hit('GET /api/v1/billing/detailPreview', who, {
      query: { key: 'cancel', subscriptionId: sub },
      expect: 'own',
    });
    await hit('GET /api/v1/upgrade/upgradeV2', who, {
      query: { productId: 'pro-year-g0', subscription: sub },
      expect: 'own',
    });
    await hit('GET /api/v1/upgrade/checkConfirm', who, { query: { confirmId: a.checkoutSessionId ?? sub } });
    await hit('GET /api/v1/stripe/portal', who, { query: { customer, callbackUrl: '/' } });
    await hit('GET /api/v1/stripe/portal', who, { query: { accountId: customer, payProvider: 3 } });
    await hit('GET /api/v1/fastspring/portal', who, { query: { customer } });
    await hit('GET /api/v1/fastspring/check', who, { query: { productId: 'pro-month-g0' }, expect: 'own' });
    await hit('POST /api/v1/fastspring/order', who, {
      body: { items: [{ product: 'pro-month-g0' }] },
      expect: 'own',
    });
    await hit('GET /api/v1/fastspring/price', who, { query: { subscriptionId: sub } });
    await hit('POST /api/v1/auth/toStudentEmailValidationCode', who, {
      body: { email: `${b.label}@school.example.edu` },
      expect: 'own',
    });
    await hit('POST /api/v1/auth/studentEmailValidationCode', who, {
      body: { email: `${b.label}@school.example.edu`, code: '000000', subscriptionId: sub },
    });
    // A webhook not signed by the provider changes nobody's plan.
    await hit('POST /api/v1/billing/webhook/:provider', who, {
      params: { provider: 'testpay' },
      body: { type: 'customer.subscription.deleted', data: { subscriptionId: sub, customerId: customer } },
    });
    // The test provider's hosted pages: a checkout or challenge id is the grant (like a provider's page), so
    // they may answer, but show nothing of A; the portal needs a link the provider signed.
    const session = a.checkoutSessionId ?? 'cs_none';
    for (const method of ['GET', 'POST']) {
      await hit(`${method} /pay/test/checkout/:id`, who, {
        params: { id: session },
        raw: method === 'POST' ? new URLSearchParams({ card: TEST_CARDS.succeeds }) : undefined,
        expect: 'own',
      });
      await hit(`${method} /pay/test/challenge/:id`, who, {
        params: { id: session },
        raw: method === 'POST' ? new URLSearchParams({ action: 'approve' }) : undefined,
        expect: 'own',
      });
      await hit(`${method} /pay/test/portal/:customer`, who, {
        params: { customer },
        raw: method === 'POST' ? new URLSearchParams({ card: TEST_CARDS.declined }) : undefined,
      });
      await hit(`${method} /pay/test/wallet/:id`, who, {
        params: { id: session },
        raw: method === 'POST' ? new URLSearchParams({ action: 'approve' }) : undefined,
        expect: 'own',
      });
    }
    // The dev mailbox on this machine shows a browser only the mail it asked for: not A's login code.
    await hit('GET /dev/mailbox', who, { expect: 'own' });

    // Every swept route once more with all of A's identifiers under every field name a route reads, in the
    // path, the query and the body at once: a field a route starts reading later is tried with A's value too.
    const everything: Record<string, string> = {
      channelId: a.channelId,
      requestId: a.requestId,
      messageId: a.assistantMessageId,
      editMessageId: a.userMessageId,
      md5: a.md5,
      presentationId: a.presentationId,
      imageId: a.imageId,
      beforeImageId: a.docImageIds[0],
      docId: a.docId,
      writingDocId: a.docId,
      promptId: a.promptId,
      shareId: a.shareId,
      shareKey: a.shareKey.slice(0, -1) + (a.shareKey.endsWith('A') ? 'B' : 'A'),
      uploadId: a.uploadId,
      subscriptionId: sub,
      subscription: sub,
      customer,
      accountId: customer,
      confirmId: session,
      id: a.workspace[0].id,
      ...tricks,
    };
    const body = {
      ...everything,
      md5s: [own.md5, a.md5],
      docs: [{ md5: own.md5 }, { md5: a.md5 }],
      channelName: 'B',
      docTitle: 'B',
      title: 'B',
      name: 'B',
      prompt: 'B',
      message: 'B',
      topic: 'B',
      step: 'outline',
      type: 'like',
      category: 'pdf',
      baseRevision: a.docRevision,
    };
    const params = {
      ...everything,
      md5: a.writingImageMd5,
      id: session,
      bucket: grantData.url.split('/').pop()!,
      provider: 'testpay',
      routeType: 'manual',
      fileCategory: 'all',
    };
    const routes = new Set(hits.filter((h) => h.who === who.label).map((h) => h.route));
    for (const route of routes)
      await hit(route, who, {
        params,
        query: everything,
        body,
        headers: route === 'POST /api/v1/chat/send' ? await sendHeaders(body) : {},
        expect: 'own',
      });
    // The refusal of A's id reads exactly like the refusal of an id nobody has, so it tells B nothing.
    const fake = (id: string) =>
      /^[0-9a-f]{32}$/.test(id) ? crypto.randomBytes(16).toString('hex') : `${id.slice(0, -6)}zzzzzz`;
    const probes: [string, (id: (v: string) => string) => Parameters<typeof hit>[2]][] = [
      ['POST /api/v1/chat/getChannel', (id) => ({ body: { channelId: id(a.channelId) } })],
      [
        'POST /api/v1/chat/feedback',
        (id) => ({ body: { messageId: id(a.assistantMessageId), type: 'like' } }),
      ],
      ['GET /api/v1/chat/doc/pages', (id) => ({ query: { md5: id(a.md5) } })],
      ['GET /api/v1/chat/doc/file', (id) => ({ query: { md5: id(a.md5) } })],
      ['POST /api/v1/chat/doc/readAgain', (id) => ({ body: { md5: id(a.md5) } })],
      ['POST /py/api/v1/chat/create', (id) => ({ body: { md5: id(a.md5), fileName: 'x.pdf' } })],
      ['POST /py/api/v1/chat/extract_image', (id) => ({ body: { md5: id(a.imagesMd5) } })],
      ['GET /api/v1/chat/doc/image', (id) => ({ query: { imageId: id(a.docImageIds[0]) } })],
      ['GET /api/v1/writing/getDoc', (id) => ({ query: { docId: id(a.docId) } })],
      ['GET /api/v1/writing/imageUrl', (id) => ({ query: { md5: id(a.writingImageMd5) } })],
      ['GET /api/v1/presentation/get', (id) => ({ query: { presentationId: id(a.presentationId) } })],
      ['GET /api/v1/image/file', (id) => ({ query: { imageId: id(a.imageId) } })],
      [
        'PUT /api/v1/prompt/:promptId',
        (id) => ({ params: { promptId: id(a.promptId) }, body: { name: 'x', content: 'x' } }),
      ],
      ['POST /api/v1/channel/share/revoke', (id) => ({ body: { shareId: id(a.shareId) } })],
      ['POST /py/api/v1/upload/complete', (id) => ({ body: { uploadId: id(a.uploadId) } })],
      [
        'POST /api/v1/billing/subscription/cancel',
        (id) => ({ body: { subscriptionId: id(sub), feedback: QUESTIONNAIRE } }),
      ],
      ['GET /api/v1/stripe/portal', (id) => ({ query: { customer: id(customer) } })],
      ...a.workspace.map((file): [string, (id: (v: string) => string) => Parameters<typeof hit>[2]] => [
        'POST /api/v1/workspace/delete',
        (id) => ({ body: { category: file.category, id: id(file.id) } }),
      ]),
    ];
    for (const [route, options] of probes) {
      const real = await hit(
        route,
        who,
        options((v) => v),
      );
      const none = await hit(route, who, options(fake));
      if (real.status !== none.status || real.json?.msg !== none.json?.msg)
        oracles.push(
          `${route} (${who.label}): ${real.status} ${real.json?.msg} / unknown id: ${none.status} ${none.json?.msg}`,
        );
    }

    // B is still signed in with its own chat: no refusal above came only from B having signed out or deleted itself.
    const still = await call<{ channelId: string }[]>(server.url, 'GET', '/api/v1/chat/myChannelList', {
      token: b.token,
    });
    expect(still.body.data.map((c) => c.channelId)).toContain(own.channelId);
  }

  /** While A's answer and slides are being made, B tries to follow, stop or take them by their request ids. */
  async function whileRunning(b: { token: string; label: string }, a: Owned) {
    const who = { token: b.token, label: `${b.label} on ${a.label}'s running` };
    const chatBody = {
      requestId: `${a.label}-live-chat-1`,
      channelId: a.channelId,
      message: `${a.secret} again`,
    };
    const slidesBody = {
      requestId: `${a.label}-live-slides-1`,
      presentationId: a.presentationId,
      step: 'slides',
    };
    // A's browser lets go after the first chunk; both runs go on without it.
    await streamSend(server.url, a.token, chatBody, { stopAfterChunks: 1 });
    await presentationStream(server.url, a.token, slidesBody, { stopAfterChunks: 1 });
    for (const body of [{ ...chatBody, channelId: undefined }, chatBody])
      await hit('POST /api/v1/chat/send', who, {
        body,
        headers: { Accept: 'text/event-stream', 'Last-Event-ID': '0', ...(await sendHeaders(body)) },
      });
    await hit('POST /api/v1/chat/stop', who, { body: { requestId: chatBody.requestId } });
    for (const presentationId of [a.presentationId, `pres-${b.label}-live-1`])
      await hit('POST /api/v1/presentation/generate', who, {
        body: { ...slidesBody, presentationId },
        headers: { 'Last-Event-ID': '0' },
      });
    await hit('POST /api/v1/presentation/stop', who, { body: { presentationId: a.presentationId } });
    // A follows both to their end: nothing B did stopped them.
    const chat = await streamSend(server.url, a.token, chatBody, { lastEventId: 0 });
    const slides = await presentationStream(server.url, a.token, slidesBody, { lastEventId: 0 });
    expect([chat.done?.status, slides.done?.status]).toEqual(['done', 'done']);
  }

  beforeAll(async () => {
    images = await startFakeOpenAi();
    server = await startTestServer(kind, {
      docs: testDocsConfig(),
      images: { baseUrl: images.url, apiKey: 'k', model: 'pixel', size: '512x512', timeoutMs: 10_000 },
      outboundAllowHosts: [new URL(images.url).host],
    });
    // The two owners make their things side by side (much of it waits on parsing and streams), as B pays.
    const [memberA, guestA, memberB] = await Promise.all([
      loginMember(server, 'owner-a@example.com'),
      newGuest(server.url),
      loginMember(server, 'other-b@example.com'),
    ]);
    const [madeByMember, madeByGuest] = await Promise.all([
      makeEverything(memberA, 'memberA', 'owner-a@example.com'),
      makeEverything(guestA, 'guestA', null),
      // B pays for a plan too, so a refusal of A's subscription id is not merely "B has none".
      payWithCard(server, memberB, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds }),
    ]);
    owners.push(madeByMember, madeByGuest);
    const attackers = [
      { token: memberB, label: 'memberB', member: true },
      { token: await newGuest(server.url), label: 'guestB', member: false },
    ];
    for (const [i, a] of owners.entries()) await whileRunning(attackers[i], a);
    for (const a of owners) before.set(a.label, await snapshot(a));
    for (const b of attackers) for (const a of owners) await sweep(b, a);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await images?.close();
  });

  it("every route the app registers is swept with another user's ids or listed as public", () => {
    const registered = [...new Set(server.app.routes.map((r) => `${r.method} ${r.path}`))];
    const swept = new Set(hits.map((h) => h.route));
    const uncovered = registered.filter((route) => !swept.has(route) && !(route in PUBLIC_ROUTES));
    expect(
      uncovered,
      "sweep each new route in sweep() with another user's ids, or list it in PUBLIC_ROUTES saying why",
    ).toEqual([]);
    // The allow-list names only routes that exist, so a renamed route cannot hide behind a stale entry.
    expect(Object.keys(PUBLIC_ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
    expect(registered.length).toBeGreaterThan(130);
  });

  it("a refusal of the owner's id reads like the refusal of an id nobody has", () => {
    expect(oracles).toEqual([]);
  });

  it("the other user is refused or answered with their own things, and never sees the owner's words", () => {
    const secrets = owners.flatMap((a) => [a.secret, ...(a.email ? [a.email] : [])]).concat(FIXTURE_WORDS);
    const problems: string[] = [];
    for (const h of hits) {
      const seen = secrets.filter((s) => h.text.includes(s));
      if (seen.length)
        problems.push(`${h.route} (${h.who}): answered ${h.status} showing ${seen.join(', ')}`);
      if (h.expect === 'refused' && !h.refused)
        problems.push(`${h.route} (${h.who}): not refused (${h.status} ${h.text.slice(0, 160)})`);
      if (h.check) problems.push(`${h.route} (${h.who}): ${h.check}`);
    }
    expect(problems).toEqual([]);
  });

  it("the owner's things are all unchanged after the other user's deletes, renames, edits and cancels", async () => {
    for (const a of owners) expect(await snapshot(a)).toEqual(before.get(a.label));
  });
});
