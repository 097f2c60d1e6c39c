import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedImageItem, ImageStatus, WorkspaceFile } from '../../common/contract';
import { usageRecords } from '../../server/db/schema';
import { loginMember, me } from '../helpers/billing';
import { FAKE_IMAGE, type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('generated images on %s', (kind) => {
  let server: TestServer;
  let bare: TestServer;
  let provider: FakeOpenAi;
  let alice: string;
  let mallory: string;
  let imageId: string;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    server = await startTestServer(kind, {
      images: {
        baseUrl: provider.url,
        apiKey: 'image-key',
        model: 'pixel-model',
        size: '512x512',
        timeoutMs: 10_000,
      },
      outboundAllowHosts: [new URL(provider.url).host],
    });
    bare = await startTestServer(kind, { adminEmails: ['ops@example.com'] });
    alice = await newGuest(server.url);
    mallory = await newGuest(server.url);
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
    await provider.close();
  });

  const file = (token: string, id: string) =>
    fetch(`${server.url}/api/v1/image/file?imageId=${id}`, { headers: { Authorization: token } });

  it('a prompt becomes an image from the provider, kept in the object store and listed for its owner', async () => {
    const status = await call<ImageStatus>(server.url, 'GET', '/api/v1/image/status', { token: alice });
    expect(status.body.data).toEqual({ configured: true, operator: false });
    const made = await call<GeneratedImageItem>(server.url, 'POST', '/api/v1/image/generate', {
      token: alice,
      body: { prompt: '  A red square  ' },
    });
    expect(made.body.data).toMatchObject({
      prompt: 'A red square',
      revisedPrompt: 'A picture of A red square',
      contentType: 'image/png',
      size: FAKE_IMAGE.length,
    });
    imageId = made.body.data.imageId;
    expect(provider.images.at(-1)).toEqual({
      model: 'pixel-model',
      prompt: 'A red square',
      size: '512x512',
      auth: 'Bearer image-key',
    });
    const bytes = await file(alice, imageId);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(FAKE_IMAGE)).toBe(true);
    const list = await call<GeneratedImageItem[]>(server.url, 'GET', '/api/v1/image/list', { token: alice });
    expect(list.body.data.map((i) => i.imageId)).toEqual([imageId]);
    const workspace = await call<WorkspaceFile[]>(server.url, 'GET', '/api/v1/workspace/generated/image', {
      token: alice,
    });
    expect(workspace.body.data).toEqual([
      expect.objectContaining({ id: imageId, category: 'image', name: 'A red square' }),
    ]);
  });

  it('a provider answering a link is read through the outbound guard', async () => {
    provider.imageMode = 'url';
    const made = await call<GeneratedImageItem>(server.url, 'POST', '/api/v1/image/generate', {
      token: alice,
      body: { prompt: 'Linked picture' },
    });
    provider.imageMode = 'b64';
    expect(made.body.code).toBe(200);
    const bytes = await file(alice, made.body.data.imageId);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(FAKE_IMAGE)).toBe(true);
  });

  it("another user can neither see, read nor delete someone's image", async () => {
    const list = await call<GeneratedImageItem[]>(server.url, 'GET', '/api/v1/image/list', {
      token: mallory,
    });
    expect(list.body.data).toEqual([]);
    const read = await file(mallory, imageId);
    expect(read.status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/v1/image/file?imageId=${imageId}`);
    expect(anonymous.status).toBe(401);
    const removed = await call(server.url, 'POST', '/api/v1/image/delete', {
      token: mallory,
      body: { imageId },
      headers: { language: 'ar' },
    });
    expect(removed.status).toBe(404);
    expect(removed.body.msg).toBe('هذه الصورة غير موجودة أو ليست لك.');
    expect((await file(alice, imageId)).status).toBe(200);
  });

  it('a refusal of the provider and an empty prompt answer clear translated messages', async () => {
    provider.imageMode = 'fail';
    const refused = await call(server.url, 'POST', '/api/v1/image/generate', {
      token: alice,
      body: { prompt: 'Something forbidden' },
    });
    provider.imageMode = 'b64';
    expect(refused.status).toBe(502);
    expect(refused.body.msg).toMatch(/^The image provider could not make this image: .*safety system/);
    const empty = await call(server.url, 'POST', '/api/v1/image/generate', {
      token: alice,
      body: { prompt: ' ' },
      headers: { language: 'es' },
    });
    expect(empty.body.msg).toBe('Describe primero la imagen.');
  });

  it('without a provider the server says how to configure one (the set-up steps only to operators)', async () => {
    const guest = await newGuest(bare.url);
    const status = await call<ImageStatus>(bare.url, 'GET', '/api/v1/image/status', { token: guest });
    expect(status.body.data).toEqual({ configured: false, operator: false });
    const operator = await loginMember(bare, 'ops@example.com');
    const asOperator = await call<ImageStatus>(bare.url, 'GET', '/api/v1/image/status', { token: operator });
    expect(asOperator.body.data).toEqual({ configured: false, operator: true });
    const refused = await call(bare.url, 'POST', '/api/v1/image/generate', {
      token: guest,
      body: { prompt: 'A cat' },
      headers: { language: 'zh' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('IMAGE_BASE_URL');
  });

  it('each picture is a model call: over the daily quota the next one answers 20001 and the provider is not asked', async () => {
    const token = await newGuest(server.url);
    const userId = (await me(server, token)).uid;
    await server.services.db
      .insert(usageRecords)
      .values(Array.from({ length: 29 }, () => ({ userId, kind: 'chat', modelClass: 'standard' })));
    const made = await call(server.url, 'POST', '/api/v1/image/generate', {
      token,
      body: { prompt: 'A cat' },
    });
    expect(made.body.code).toBe(200);
    const asked = provider.images.length;
    const over = await call(server.url, 'POST', '/api/v1/image/generate', {
      token,
      body: { prompt: 'A dog' },
    });
    expect(over.body).toMatchObject({ code: 20001, source: 'FREEDAYMAX', shortMessage: '30/30' });
    expect(provider.images.length).toBe(asked);
  });

  it('the owner deletes an image and it is gone', async () => {
    const removed = await call(server.url, 'POST', '/api/v1/image/delete', {
      token: alice,
      body: { imageId },
    });
    expect(removed.body.data).toBe(true);
    expect((await file(alice, imageId)).status).toBe(404);
  });
});
