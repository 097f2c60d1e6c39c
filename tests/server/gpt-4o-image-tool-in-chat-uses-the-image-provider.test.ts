import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeneratedImageItem, TEST_CARDS } from '../../common/contract';
import { loginMember, payWithCard } from '../helpers/billing';
import { FAKE_IMAGE, type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai';
import { call, joinContent, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe("GPT-4o's image tool in chat (ChatImage)", () => {
  let server: TestServer;
  let provider: FakeOpenAi;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    server = await startTestServer('pglite', {
      images: { baseUrl: provider.url, apiKey: '', model: 'pixel-model', size: '256x256', timeoutMs: 10_000 },
    });
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });

  it('a paying member asks GPT-4o for a picture: the answer shows the stored image, made through the same provider', async () => {
    const member = await loginMember(server, 'painter@example.com');
    await payWithCard(server, member, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const answer = await streamSend(server.url, member, {
      requestId: 'req-chat-image-1',
      model: 'GPT-4o',
      chatType: 'ChatImage',
      message: 'A lighthouse at dawn',
    });
    expect(answer.done).toEqual({ status: 'done' });
    const content = joinContent(answer.chunks);
    const imageId = /^!\[A lighthouse at dawn\]\(#parley-image-([\w-]+)\)$/.exec(content)?.[1];
    expect(imageId).toBeTruthy();
    expect(provider.images.at(-1)?.prompt).toBe('A lighthouse at dawn');
    const picture = await fetch(`${server.url}/api/v1/image/file?imageId=${imageId}`, {
      headers: { Authorization: member },
    });
    expect(Buffer.from(await picture.arrayBuffer()).equals(FAKE_IMAGE)).toBe(true);
    const listed = await call<GeneratedImageItem[]>(server.url, 'GET', '/api/v1/image/list', {
      token: member,
    });
    expect(listed.body.data.map((i) => i.imageId)).toEqual([imageId]);
  });

  it('other models do not have the tool, with a translated message; guests stay on Standard', async () => {
    const guest = await newGuest(server.url);
    const refused = await streamSend(server.url, guest, {
      requestId: 'req-chat-image-2',
      model: 'Standard',
      chatType: 'ChatImage',
      message: 'A cat',
    });
    expect(refused.json?.code).toBe(400);
    expect(refused.json?.msg).toBe(
      'Pictures in chat are made by GPT-4o with an image provider configured on the server.',
    );
    const guestGpt4o = await streamSend(server.url, guest, {
      requestId: 'req-chat-image-3',
      model: 'GPT-4o',
      chatType: 'ChatImage',
      message: 'A cat',
    });
    expect(guestGpt4o.json?.code).toBe(20001);
  });
});
