import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PromptPage, RecentSearches, UserPrompt } from '../../common/contract';
import { DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

// A small cap keeps the test quick; the default (PROMPTS_PER_USER_MAX) is the same code path.
const CAP = 30;

describe.each(DATABASES)('saved prompts on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { promptsPerUserMax: CAP });
    alice = await newGuest(server.url);
    bob = await newGuest(server.url);
  });
  afterAll(() => server.close());

  async function api<T>(
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    language = 'en',
  ): Promise<{ status: number; body: Envelope<T> }> {
    const headers: Record<string, string> = { language };
    if (token) headers.Authorization = token;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }
  const add = (token: string, name: string, content: string, language?: string) =>
    api<UserPrompt>(token, 'POST', '/api/v1/prompt/add', { name, content }, language);
  const list = async (token: string, start = 0, limit = 20) =>
    (await api<PromptPage>(token, 'GET', `/api/v1/prompt/list?start=${start}&limit=${limit}`)).body.data;

  it('a 50-character name is saved; a 51-character one is refused with a clear message in each language', async () => {
    const ok = await add(alice, 'n'.repeat(50), 'Summarise this text in three bullet points.');
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.name).toBe('n'.repeat(50));

    const tooLong = await add(alice, 'n'.repeat(51), 'Anything');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 400, msg: 'A prompt name can have at most 50 characters.' });
    expect((await add(alice, 'n'.repeat(51), 'Anything', 'es')).body.msg).toBe(
      'El nombre de un prompt puede tener como máximo 50 caracteres.',
    );
    expect((await add(alice, 'n'.repeat(51), 'Anything', 'zh')).body.msg).toBe('提示词名称最多 50 个字符。');
    expect((await add(alice, 'n'.repeat(51), 'Anything', 'ar')).body.msg).toBe(
      'يمكن أن يحتوي اسم التعليمة على 50 حرفًا على الأكثر.',
    );
    // Characters, not UTF-16 units: 50 emoji are 50 characters.
    expect((await add(alice, '🙂'.repeat(50), 'Smile')).body.code).toBe(200);
    expect((await list(alice)).totalElements).toBe(2);
  });

  it('content is limited to 16000 characters and neither part may be empty', async () => {
    expect((await add(alice, 'Long', 'c'.repeat(16000))).body.code).toBe(200);
    expect((await add(alice, 'Longer', 'c'.repeat(16001))).body).toMatchObject({
      code: 400,
      msg: 'A prompt can have at most 16000 characters.',
    });
    expect((await add(alice, '   ', 'x')).body.msg).toBe('Please give the prompt a name.');
    expect((await add(alice, 'Empty', '  ')).body.msg).toBe('Please write the prompt first.');
    const long = (await list(alice)).content.find((p) => p.name === 'Long');
    const edit = await api(alice, 'PUT', `/api/v1/prompt/${long?.promptId}`, {
      name: 'x'.repeat(51),
      content: 'y',
    });
    expect(edit.body.msg).toBe('A prompt name can have at most 50 characters.');
  });

  it('another user can neither read, find, change nor delete your prompt', async () => {
    const mine = (await add(alice, 'Secret recipe', 'Only for Alice')).body.data;
    expect((await list(bob)).totalElements).toBe(0);
    const found = await api<PromptPage>(bob, 'POST', '/api/v1/prompt/instance', { key: 'Secret' });
    expect(found.body.data).toEqual({ totalElements: 0, content: [] });

    const edit = await api(bob, 'PUT', `/api/v1/prompt/${mine.promptId}`, { name: 'Mine now', content: 'x' });
    expect(edit.status).toBe(404);
    expect(edit.body.msg).toBe('This prompt does not exist or is not yours.');
    const del = await api(bob, 'DELETE', `/api/v1/prompt/${mine.promptId}`);
    expect(del.status).toBe(404);

    const aliceFound = await api<PromptPage>(alice, 'POST', '/api/v1/prompt/instance', { key: 'secret' });
    expect(aliceFound.body.data.content.map((p) => p.content)).toEqual(['Only for Alice']);
    expect((await api(null, 'GET', '/api/v1/prompt/list')).status).toBe(401);
  });

  it('the owner edits (trimmed name), pages and deletes; total follows', async () => {
    const carol = await newGuest(server.url);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await add(carol, `Prompt ${n}`, `Text ${n}`)).body.data.promptId);
    const edited = await api<UserPrompt>(carol, 'PUT', `/api/v1/prompt/${ids[0]}`, {
      name: '  Renamed  ',
      content: 'New text',
    });
    expect(edited.body.data).toMatchObject({ promptId: ids[0], name: 'Renamed', content: 'New text' });
    const firstPage = await list(carol, 0, 2);
    expect(firstPage.totalElements).toBe(3);
    expect(firstPage.content.map((p) => p.name)).toEqual(['Renamed', 'Prompt 3']);
    expect((await list(carol, 2, 2)).content.map((p) => p.name)).toEqual(['Prompt 2']);
    expect((await api(carol, 'DELETE', `/api/v1/prompt/${ids[1]}`)).body.code).toBe(200);
    expect((await list(carol)).totalElements).toBe(2);
    expect((await api(carol, 'DELETE', `/api/v1/prompt/${ids[1]}`)).status).toBe(404);
  });

  it('an add replayed with the same client id is stored once', async () => {
    const dave = await newGuest(server.url);
    const body = { name: 'Offline', content: 'Written offline', clientId: 'tmp-0123456789abcdef' };
    const [a, b] = await Promise.all([
      api<UserPrompt>(dave, 'POST', '/api/v1/prompt/add', body),
      api<UserPrompt>(dave, 'POST', '/api/v1/prompt/add', body),
    ]);
    expect(a.body.data.promptId).toBe(b.body.data.promptId);
    expect((await list(dave)).totalElements).toBe(1);
  });

  it(`a user keeps at most the operator's cap of prompts: one more is refused in their language, a replay still answers`, async () => {
    const frank = await newGuest(server.url);
    for (let start = 0; start < CAP; start += 10) {
      const batch = Array.from({ length: 10 }, (_v, i) =>
        api<UserPrompt>(frank, 'POST', '/api/v1/prompt/add', {
          name: `P${start + i}`,
          content: 'x',
          clientId: `tmp-cap-${String(start + i).padStart(12, '0')}`,
        }),
      );
      expect((await Promise.all(batch)).every((r) => r.body.code === 200)).toBe(true);
    }
    const refused = await add(frank, 'One too many', 'y', 'es');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      `Puedes guardar como máximo ${CAP} prompts. Elimina algunos para añadir otros nuevos.`,
    );
    expect((await list(frank)).totalElements).toBe(CAP);
    // The outbox replaying an add the server already has is not a new prompt.
    const replay = await api<UserPrompt>(frank, 'POST', '/api/v1/prompt/add', {
      name: 'P7',
      content: 'x',
      clientId: 'tmp-cap-000000000007',
    });
    expect(replay.body.data.name).toBe('P7');
    // Others are not affected.
    expect((await add(bob, 'Still fine', 'z')).body.code).toBe(200);
  });

  it('recent searches keep the newest keys first, once each, per user', async () => {
    const erin = await newGuest(server.url);
    for (const key of ['email', 'summary', 'email']) {
      await api(erin, 'POST', '/api/v1/prompt/recentSearch', { key });
    }
    const mine = await api<RecentSearches>(erin, 'POST', '/api/v1/prompt/recentSearch', {});
    expect(mine.body.data.keys).toEqual(['email', 'summary']);
    const other = await api<RecentSearches>(bob, 'POST', '/api/v1/prompt/recentSearch', {});
    expect(other.body.data.keys).toEqual([]);
  });
});
