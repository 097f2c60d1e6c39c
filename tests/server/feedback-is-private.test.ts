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

  it('voice-assistant feedback needs only a rating; its reasons and words are kept for its author alone', async () => {
    const good = await submit(bob, { category: 'voice', rating: 'good', page: '/chat/x' });
    expect(good.body.code).toBe(200);
    expect(good.body.data).toMatchObject({ category: 'voice', rating: 'good', reasons: [], content: '' });
    const bad = await submit(bob, {
      category: 'voice',
      rating: 'bad',
      reasons: ['misheard', 'slow', 'misheard'],
      content: '  It heard "Paris" as "pears".  ',
    });
    expect(bad.body.data).toMatchObject({
      rating: 'bad',
      reasons: ['misheard', 'slow'],
      content: 'It heard "Paris" as "pears".',
    });
    expect((await mine(bob)).map((f) => [f.category, f.rating, f.reasons])).toEqual([
      ['voice', 'bad', ['misheard', 'slow']],
      ['voice', 'good', []],
    ]);
    expect((await mine(alice)).every((f) => f.category !== 'voice' && f.rating === null)).toBe(true);
  });

  it('voice feedback without a rating, with an unknown rating or reason, or too long is refused', async () => {
    const before = (await mine(bob)).length;
    expect((await submit(bob, { category: 'voice', content: 'no rating' })).body.code).toBe(400);
    expect((await submit(bob, { category: 'voice', rating: 'meh' })).body.code).toBe(400);
    expect((await submit(bob, { category: 'voice', rating: 'bad', reasons: ['loud'] })).body.code).toBe(400);
    expect((await submit(bob, { category: 'voice', rating: 'bad', reasons: 'slow' })).body.code).toBe(400);
    expect(
      (await submit(bob, { category: 'voice', rating: 'bad', content: 'x'.repeat(2001) }, 'ar')).body,
    ).toMatchObject({ code: 400, msg: 'يمكن أن تحتوي الملاحظات على 2000 حرف على الأكثر.' });
    // A written suggestion still needs its words: a voice rating does not make them optional elsewhere.
    expect((await submit(bob, { category: 'suggestion', rating: 'good' })).body.code).toBe(400);
    expect(await mine(bob)).toHaveLength(before);
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
