import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLinks, UserFeedbackItem } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('feedback and quick links on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      links: {
        community: 'https://chat.example.org/parley',
        social: null,
        chromeExtension: 'https://chromewebstore.google.com/detail/parley',
        ios: null,
        android: null,
      },
    });
    alice = await newGuest(server.url);
    bob = await newGuest(server.url);
  });
  afterAll(() => server.close());

  const submit = (token: string | null, body: unknown, language = 'en') =>
    call<UserFeedbackItem>(server.url, 'POST', '/api/v1/user/feedback', {
      token,
      body,
      headers: { language },
    });
  const mine = async (token: string) =>
    (await call<UserFeedbackItem[]>(server.url, 'GET', '/api/v1/user/feedback/mine', { token })).body.data;

  it('feedback is stored trimmed for its author, who alone can read it back', async () => {
    const { body } = await submit(alice, {
      category: 'problem',
      content: '  The send button hides behind the keyboard.  ',
      page: '/chat/abc',
    });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      category: 'problem',
      content: 'The send button hides behind the keyboard.',
      page: '/chat/abc',
    });
    expect((await mine(alice)).map((f) => f.content)).toEqual(['The send button hides behind the keyboard.']);
    expect(await mine(bob)).toEqual([]);
  });

  it('empty, over-long, mis-categorised or anonymous feedback is refused with a clear message', async () => {
    expect((await submit(alice, { category: 'other', content: '   ' })).body).toMatchObject({
      code: 400,
      msg: 'Please write your feedback first.',
    });
    expect((await submit(alice, { category: 'other', content: 'x'.repeat(2001) }, 'es')).body).toMatchObject({
      code: 400,
      msg: 'Los comentarios pueden tener como máximo 2000 caracteres.',
    });
    expect((await submit(alice, { category: 'praise', content: 'Nice' })).body.code).toBe(400);
    expect((await submit(null, { category: 'other', content: 'Nice' })).status).toBe(401);
    expect(await mine(alice)).toHaveLength(1);
  });

  it('quick links name what the operator set up and null for the rest', async () => {
    const { body } = await call<AppLinks>(server.url, 'GET', '/api/v1/app/links');
    expect(body.data).toEqual({
      community: 'https://chat.example.org/parley',
      social: null,
      chromeExtension: 'https://chromewebstore.google.com/detail/parley',
      ios: null,
      android: null,
    });
  });
});
