import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPaths, type LinkSource, type SearchStatus } from '../../common/contract';
import { solveCaptcha } from '../helpers/captcha';
import { testDocsConfig } from '../helpers/docs-config';
import { type SearchServer, startArxiv, startSearxng } from '../helpers/search-servers';
import { call, joinContent, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

const ask = (server: TestServer, token: string, message: string, extra: Record<string, unknown>) =>
  streamSend(server.url, token, { model: 'Standard', message, requestId: crypto.randomUUID(), ...extra });

describe('search providers configured', () => {
  let server: TestServer;
  let searxng: SearchServer;
  let arxiv: SearchServer;
  beforeAll(async () => {
    searxng = await startSearxng([
      {
        url: 'https://bees.example/winter',
        title: 'How bees survive winter',
        content: 'Honey bees form a winter cluster and shiver to keep warm.',
        publishedDate: '2024-01-05T00:00:00',
      },
      {
        url: 'https://papers.example/bees.pdf',
        title: 'Bee thermoregulation',
        content: 'A pdf about heat in hives.',
      },
      { url: 'javascript:alert(1)', title: 'bad', content: 'never shown' },
    ]);
    arxiv = await startArxiv([
      {
        id: '2101.00001v2',
        title: 'Thermal regulation in honey bee clusters',
        summary: 'We model how a bee cluster keeps its core warm in winter.',
        published: '2021-01-01T00:00:00Z',
      },
    ]);
    server = await startTestServer('pglite', {
      docs: testDocsConfig({
        search: { searxngUrl: searxng.url, arxivUrl: `${arxiv.url}/api/query`, timeoutMs: 3000 },
      }),
    });
  });
  afterAll(async () => {
    await server.close();
    searxng.close();
    arxiv.close();
  });

  it('answers a web search with numbered sources the chat lists with title, favicon, source, date and pdf flag', async () => {
    const token = await newGuest(server.url);
    expect(
      (await call<SearchStatus>(server.url, 'GET', DocumentPaths.searchStatus, { token })).body.data,
    ).toEqual({
      web: true,
      academic: true,
    });
    const answer = await ask(server, token, 'How do bees keep warm in winter?', { searchSwitch: true });
    expect(searxng.queries.at(-1)?.get('q')).toBe('How do bees keep warm in winter?');
    const text = joinContent(answer.chunks);
    expect(text).toMatch(/shiver to keep warm\. \[1\]/);
    const links = await call<LinkSource[]>(
      server.url,
      'GET',
      `${DocumentPaths.linkSources}?channelId=${answer.meta?.channelId}`,
      { token },
    );
    expect(links.body.data).toHaveLength(2);
    expect(links.body.data[0]).toMatchObject({
      n: 1,
      kind: 'web',
      url: 'https://bees.example/winter',
      title: 'How bees survive winter',
      favicon: 'https://bees.example/favicon.ico',
      source: 'bees.example',
      publishDate: '2024-01-05T00:00:00',
      isPdf: false,
      messageId: answer.meta?.answerMessageId,
    });
    expect(links.body.data[1]).toMatchObject({ n: 2, isPdf: true });
    const other = await newGuest(server.url);
    const foreign = await call(
      server.url,
      'GET',
      `${DocumentPaths.linkSources}?channelId=${answer.meta?.channelId}`,
      {
        token: other,
      },
    );
    expect(foreign.status).toBe(404);
  });

  it('answers an academic search from the arXiv API with abstract links', async () => {
    const token = await newGuest(server.url);
    const answer = await ask(server, token, 'bee cluster thermal model', { searchMode: 'academic' });
    expect(arxiv.queries.at(-1)?.get('search_query')).toBe(
      'all:bee AND all:cluster AND all:thermal AND all:model',
    );
    expect(joinContent(answer.chunks)).toContain('[1]');
    const links = await call<LinkSource[]>(
      server.url,
      'GET',
      `${DocumentPaths.linkSources}?channelId=${answer.meta?.channelId}`,
      { token },
    );
    expect(links.body.data[0]).toMatchObject({
      kind: 'academic',
      url: 'http://arxiv.org/abs/2101.00001v2',
      source: 'arXiv',
      title: 'Thermal regulation in honey bee clusters',
    });
  });

  it('shows a search service that does not answer as the answer error', async () => {
    const token = await newGuest(server.url);
    searxng.fail = true;
    try {
      const answer = await ask(server, token, 'anything', { searchSwitch: true });
      expect(answer.done?.status).toBe('failed');
      expect(answer.chunks.at(-1)?.error).toBe('The search service did not answer. Please try again later.');
    } finally {
      searxng.fail = false;
    }
  });
});

describe('search providers not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  it('reports both off and answers a search send with a clear translated message', async () => {
    const token = await newGuest(server.url);
    expect(
      (await call<SearchStatus>(server.url, 'GET', DocumentPaths.searchStatus, { token })).body.data,
    ).toEqual({
      web: false,
      academic: false,
    });
    const answer = await streamSend(server.url, token, {
      model: 'Standard',
      message: 'news?',
      searchSwitch: true,
      requestId: crypto.randomUUID(),
    });
    expect(answer.chunks.at(-1)?.error).toBe('Online search is not configured on this server.');
    const es = await fetch(`${server.url}/api/v1/chat/send`, {
      method: 'POST',
      headers: {
        Authorization: token,
        'Content-Type': 'application/json',
        language: 'es',
        gtoken: await solveCaptcha(server.url),
      },
      body: JSON.stringify({
        model: 'Standard',
        message: 'papers?',
        searchMode: 'academic',
        requestId: crypto.randomUUID(),
      }),
    });
    expect(await es.text()).toContain('La búsqueda académica no está configurada en este servidor.');
  });
});
