// A chat send whose rows cannot be stored is not counted against the quota and does not spend its human check:
// the rows are written in the same statement (or transaction) as the call's usage record and the spend.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelSummary, HUMAN_CHECK_HEADER, type Usage } from '../../common/contract';
import { loadConfig } from '../../server/config';
import { messages } from '../../server/db/schema';
import { solveCaptcha } from '../helpers/captcha';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

describe.each(DATABASES)('a chat start that cannot store its rows, on %s', (kind) => {
  for (const quotas of ['on', 'off'] as const)
    describe(`quotas ${quotas}`, () => {
      let server: TestServer;
      beforeAll(async () => {
        const billing = { ...loadConfig(process.env).billing, enforceQuotas: quotas === 'on' };
        server = await startTestServer(kind, { billing });
      });
      afterAll(() => server.close());

      const used = async (token: string) =>
        (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token })).body.data.gpt3.used;
      const chats = async (token: string) =>
        (await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token })).body.data
          .length;

      it('counts no message, makes no chat and leaves its human check unspent', async () => {
        const token = await newGuest(server.url);
        const first = await streamSend(server.url, token, {
          requestId: `first-${kind}-${quotas}`,
          message: 'hello',
        });
        expect(first.done?.status).toBe('done');
        // A question already stored under the next send's requestId (no answer to resume): the send's own
        // question cannot be stored (one question per requestId).
        const requestId = `taken-${kind}-${quotas}`;
        const [question] = await server.services.db
          .select()
          .from(messages)
          .where(and(eq(messages.channelId, first.meta?.channelId ?? ''), eq(messages.role, 'user')));
        await server.services.db
          .insert(messages)
          .values({ ...question, id: `${question.id}-copy`, requestId, position: question.position + 1 });
        expect(await used(token)).toBe(1);
        expect(await chats(token)).toBe(1);

        const solution = await solveCaptcha(server.url);
        const failed = await streamSend(
          server.url,
          token,
          { requestId, message: 'a new chat' },
          { headers: { [HUMAN_CHECK_HEADER.chat]: solution } },
        );
        expect(failed.json).toMatchObject({ code: 500 });
        expect(await used(token)).toBe(1);
        expect(await chats(token)).toBe(1);

        // The same solution still passes once.
        const next = await streamSend(
          server.url,
          token,
          { requestId: `${requestId}-next`, message: 'again' },
          { headers: { [HUMAN_CHECK_HEADER.chat]: solution } },
        );
        expect(next.done?.status).toBe('done');
        expect(await used(token)).toBe(2);
        expect(await chats(token)).toBe(2);
        // And only once.
        const replay = await streamSend(
          server.url,
          token,
          { requestId: `${requestId}-replay`, message: 'and again' },
          { headers: { [HUMAN_CHECK_HEADER.chat]: solution } },
        );
        expect(replay.json).toMatchObject({ code: 60001 });
        expect(await used(token)).toBe(2);
        expect(await chats(token)).toBe(2);
      });
    });
});
