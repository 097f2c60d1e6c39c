import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Presentation, PresentationChunk, PresentationStreamMeta } from '../../common/contract';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai';
import { call, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { ssePost } from '../helpers/sse-post';

describe('presentations written by a real (local) OpenAI-compatible provider', () => {
  let server: TestServer;
  let provider: FakeOpenAi;
  beforeAll(async () => {
    provider = await startFakeOpenAi();
    server = await startTestServer('pglite', {
      ai: { baseUrl: provider.url, apiKey: 'k', modelMap: { Standard: 'small-model' }, timeoutMs: 10_000 },
    });
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });

  it('streams sections as the Markdown outline arrives, then one slide per section from the model', async () => {
    const guest = await newGuest(server.url);
    provider.answer = (messages) =>
      messages.at(-1)!.content.startsWith('Write a presentation outline')
        ? '# Tides explained\n## The moon\n- Gravity pulls the oceans\n## Spring tides\n- Sun and moon in line\n## Neap tides\n- At right angles\n'
        : `- ${messages.at(-1)!.content.match(/Slide title: (.*)/)![1]} in one line\n- A second bullet\nNotes: Speak slowly.`;
    const stream = (body: object) =>
      ssePost<PresentationChunk, PresentationStreamMeta>(
        `${server.url}/api/v1/presentation/generate`,
        guest,
        body,
      );

    const outline = await stream({
      requestId: 'req-ai-outline',
      presentationId: 'pres-ai-0001',
      step: 'outline',
      topic: 'Tides',
    });
    expect(outline.meta?.generatedBy).toBe('ai');
    expect(outline.done).toEqual({ status: 'done' });
    expect(outline.chunks[0].title).toBe('Tides explained');
    expect(outline.chunks.filter((c) => c.section).map((c) => c.section!.title)).toEqual([
      'The moon',
      'Spring tides',
      'Neap tides',
    ]);
    expect(provider.chats[0].messages.at(-1)?.content).toContain('Tides');

    const slides = await stream({
      requestId: 'req-ai-slides',
      presentationId: 'pres-ai-0001',
      step: 'slides',
    });
    expect(slides.chunks.map((c) => c.slide)).toEqual([
      { title: 'The moon', bullets: ['The moon in one line', 'A second bullet'], notes: 'Speak slowly.' },
      {
        title: 'Spring tides',
        bullets: ['Spring tides in one line', 'A second bullet'],
        notes: 'Speak slowly.',
      },
      { title: 'Neap tides', bullets: ['Neap tides in one line', 'A second bullet'], notes: 'Speak slowly.' },
    ]);
    const stored = await call<Presentation>(
      server.url,
      'GET',
      '/api/v1/presentation/get?presentationId=pres-ai-0001',
      {
        token: guest,
      },
    );
    expect(stored.body.data).toMatchObject({ type: 'slides', generatedBy: 'ai', title: 'Tides explained' });
  });
});
