import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembershipId, type Usage } from '../../common/contract';
import { users } from '../../server/db/schema';
import { loginMember, me } from '../helpers/billing';
import { solveCaptcha } from '../helpers/captcha';
import {
  call,
  newGuest,
  type StreamResult,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

// The plan rule is the same on both databases (the spent-token store is covered on both by the login tests).
describe('who passes the human check before a chat or Ask AI answer starts', () => {
  let server: TestServer;
  const tokens: Record<'guest' | 'free' | 'pro' | 'unlimited', string> = {
    guest: '',
    free: '',
    pro: '',
    unlimited: '',
  };
  let sends = 0;

  /** A member on a paid plan; the plan is written as a completed checkout would leave it. */
  const member = async (email: string, membershipId: number) => {
    const token = await loginMember(server, email);
    await server.services.db
      .update(users)
      .set({ membershipId, membershipExpDate: new Date(Date.now() + YEAR_MS) })
      .where(eq(users.email, email));
    return token;
  };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    tokens.guest = await newGuest(server.url);
    tokens.free = await loginMember(server, 'free@example.com');
    tokens.pro = await member('pro@example.com', MembershipId.YearPro);
    tokens.unlimited = await member('unlimited@example.com', MembershipId.MonthUnlimited);
  });
  afterAll(() => server.close());

  const chat = (who: keyof typeof tokens, headers: Record<string, string> | null, language = 'en') =>
    streamSend(
      server.url,
      tokens[who],
      { requestId: `chat-${who}-${++sends}`, message: 'Hello there' },
      { human: headers !== null, headers: { language, ...headers } },
    );
  const askAi = (who: keyof typeof tokens, headers: Record<string, string> | null, language = 'en') =>
    streamSend(
      server.url,
      tokens[who],
      {
        requestId: `ask-${who}-${++sends}`,
        message: '',
        writingSelectionText: 'teh river is realy long',
        writingDocPromptTemplateId: 120002,
      },
      { human: headers !== null, headers: { language, ...headers } },
    );
  const refused = (result: StreamResult) => result.json?.code === 60001;
  const answered = (result: StreamResult) => result.done?.status === 'done';

  it('the plans are what the rule reads: guest and free unpaid, pro paid, unlimited paid and unlimited', async () => {
    expect(await me(server, tokens.free)).toMatchObject({ isPro: false, isUnlimited: false });
    expect(await me(server, tokens.pro)).toMatchObject({ isPro: true, isUnlimited: false });
    expect(await me(server, tokens.unlimited)).toMatchObject({ isPro: true, isUnlimited: true });
  });

  it('guests and free members: a chat send without a token is refused with 60001 in their language, with gtoken it answers', async () => {
    for (const who of ['guest', 'free'] as const) {
      const without = await chat(who, null, 'es');
      expect(without.status, who).toBe(403);
      expect(without.json, who).toMatchObject({
        code: 60001,
        msg: 'Completa la verificación humana e inténtalo de nuevo.',
      });
      expect(refused(await chat(who, { gtoken: 'forged' })), who).toBe(true);
      expect(answered(await chat(who, { gtoken: await solveCaptcha(server.url) })), who).toBe(true);
      // A retry after 60001 may carry the token in Cf-Captcha-Token instead.
      expect(answered(await chat(who, { 'Cf-Captcha-Token': await solveCaptcha(server.url) })), who).toBe(
        true,
      );
    }
    // Nothing refused was stored: the guest's history holds only the two answered sends.
    const { body } = await fetch(`${server.url}/api/v1/chat/myChannelList`, {
      headers: { Authorization: tokens.guest },
    }).then(async (r) => ({ body: (await r.json()) as { data: unknown[] } }));
    expect(body.data).toHaveLength(2);
  });

  it('a solved token starts one answer only: the same token on a second send is refused', async () => {
    const token = await solveCaptcha(server.url);
    expect(answered(await chat('free', { gtoken: token }))).toBe(true);
    expect(refused(await chat('free', { gtoken: token }))).toBe(true);
  });

  it('one token sent on two sends at once starts one answer, and only that one counts as a model call', async () => {
    // A free member's calls are counted against a quota; an unlimited member's Ask AI calls are recorded but
    // never counted: the token is spent in the same write as the call's record on both paths.
    for (const [who, send, header] of [
      ['free', chat, 'gtoken'],
      ['unlimited', askAi, 'Cf-Captcha-Token'],
    ] as const) {
      const calls = async () =>
        (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token: tokens[who] })).body.data
          .gpt3.used;
      const before = await calls();
      const token = await solveCaptcha(server.url);
      const results = await Promise.all([send(who, { [header]: token }), send(who, { [header]: token })]);
      expect(results.map(answered).sort(), who).toEqual([false, true]);
      expect(results.filter(refused), who).toHaveLength(1);
      expect(await calls(), who).toBe(before + 1);
      // Replayed later, it is refused the same way and records nothing.
      expect(refused(await send(who, { [header]: token })), who).toBe(true);
      expect(await calls(), who).toBe(before + 1);
    }
  });

  it('a reconnect to an answer already started needs no new token', async () => {
    const requestId = `chat-resume-${++sends}`;
    const first = await streamSend(
      server.url,
      tokens.guest,
      { requestId, message: 'Tell me a long story' },
      { stopAfterChunks: 2 },
    );
    expect(first.chunks.length).toBeGreaterThan(0);
    const resumed = await streamSend(
      server.url,
      tokens.guest,
      { requestId, message: 'Tell me a long story' },
      { human: false, lastEventId: first.chunks.at(-1)?.chunkId },
    );
    expect(answered(resumed)).toBe(true);
  });

  it('guests, free and unlimited members: an Ask AI send needs the token in Cf-Captcha-Token', async () => {
    for (const who of ['guest', 'free', 'unlimited'] as const) {
      const without = await askAi(who, null, 'ar');
      expect(without.json, who).toMatchObject({
        code: 60001,
        msg: 'يرجى إكمال التحقق البشري ثم المحاولة مرة أخرى.',
      });
      expect(refused(await askAi(who, { 'Cf-Captcha-Token': 'not-a-token' })), who).toBe(true);
      const passed = await askAi(who, { 'Cf-Captcha-Token': await solveCaptcha(server.url) });
      expect(answered(passed), who).toBe(true);
    }
  });

  it('pro members are never asked; unlimited members chat without a token', async () => {
    expect(answered(await chat('pro', null))).toBe(true);
    expect(answered(await askAi('pro', null))).toBe(true);
    expect(answered(await chat('unlimited', null))).toBe(true);
  });

  it('an expired plan counts as free again: its chat sends are checked', async () => {
    await server.services.db
      .update(users)
      .set({ membershipExpDate: new Date(Date.now() - 1000) })
      .where(eq(users.email, 'pro@example.com'));
    expect(refused(await chat('pro', null))).toBe(true);
    expect(answered(await chat('pro', { gtoken: await solveCaptcha(server.url) }))).toBe(true);
  });
});
