// A local server speaking OpenAI's embeddings and streaming chat completions stands in for the provider.
// Its embeddings put words of one meaning (car, automobile, vehicle) on the same axis, as a real model would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';

const CONCEPTS: Record<string, number> = {
  car: 0,
  cars: 0,
  automobile: 0,
  vehicle: 0,
  garage: 1,
  parked: 1,
  kept: 1,
};

function embedding(text: string): number[] {
  const vector = new Array(32).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const axis = CONCEPTS[word] ?? 2 + ([...word].reduce((h, c) => h * 31 + c.charCodeAt(0), 7) % 30);
    vector[axis] += axis < 2 ? 5 : 1;
  }
  return vector;
}

async function startProvider() {
  const seen: { embeddings: number; prompts: string[] } = { embeddings: 0, prompts: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (part) => {
      raw += part;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      if (req.url === '/v1/embeddings') {
        const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
        seen.embeddings += input.length;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            object: 'list',
            model: body.model,
            data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text) })),
            usage: { prompt_tokens: 0, total_tokens: 0 },
          }),
        );
      }
      if (req.url === '/v1/chat/completions') {
        seen.prompts.push(body.messages[0]?.content ?? '');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = {
          id: 'x',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta: { content: 'See [1].' }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        return res.end('data: [DONE]\n\n');
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => server.close(),
  };
}

const PAGES = Array.from({ length: 20 }, (_v, i) =>
  i === 16
    ? 'The red car is parked in the garage behind the house.'
    : `Page ${i + 1} is about gardening and weather notes.`,
);

describe.each(DATABASES)('retrieval with provider embeddings on %s', (kind) => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let withEmbeddings: TestServer;
  let withoutEmbeddings: TestServer;
  beforeAll(async () => {
    provider = await startProvider();
    const ai = { baseUrl: provider.url, apiKey: 'k', modelMap: {}, timeoutMs: 5000 };
    withEmbeddings = await startTestServer(kind, {
      ai: { ...ai, embeddingModel: 'embed-small' },
      docs: testDocsConfig(),
    });
    withoutEmbeddings = await startTestServer(kind, { ai, docs: testDocsConfig() });
  });
  afterAll(async () => {
    await withEmbeddings.close();
    await withoutEmbeddings.close();
    provider.close();
  });

  async function sourcesFor(server: TestServer) {
    const token = await newGuest(server.url);
    const docs = docsClient(server.url, token);
    const created = await docs.uploadAndCreate(await makePdf(PAGES), 'house.pdf');
    const chat = await docs.chat({ md5: created.body.data.md5 });
    await streamSend(server.url, token, {
      channelId: chat.body.data.channel_id,
      model: 'Standard',
      message: 'Where is the automobile?',
      requestId: crypto.randomUUID(),
    });
    return (await docs.sources(chat.body.data.channel_id)).body.data;
  }

  it('finds the page that means the same thing although it shares no word with the question', async () => {
    const before = provider.seen.embeddings;
    const sources = await sourcesFor(withEmbeddings);
    expect(provider.seen.embeddings - before).toBeGreaterThanOrEqual(21);
    expect(sources.map((s) => s.page)).toContain(17);
    expect(provider.seen.prompts.at(-1)).toContain('page 17:\nThe red car is parked in the garage');
  });

  it('without embeddings the same question falls back to the opening pages', async () => {
    const sources = await sourcesFor(withoutEmbeddings);
    expect(sources.map((s) => s.page)).not.toContain(17);
  });
});
