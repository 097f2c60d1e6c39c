import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Presentation, PresentationSummary } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { presentationStream } from '../helpers/sse-post';

const generate = (server: TestServer, token: string, body: unknown, options = {}) =>
  presentationStream(server.url, token, body, options);

async function slideXml(bytes: ArrayBuffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
  return Promise.all(names.map((n) => zip.file(n)!.async('string')));
}

describe.each(DATABASES)('presentations on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let mallory: string;
  const id = 'pres-alice-0001';
  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await newGuest(server.url);
    mallory = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('streams an outline built from the topic by the offline model, section by section, and stores it', async () => {
    const result = await generate(server, alice, {
      requestId: 'req-outline-0001',
      presentationId: id,
      step: 'outline',
      topic: 'Solar power: panels, batteries and the grid',
    });
    expect(result.status).toBe(200);
    expect(result.meta).toEqual({ presentationId: id, step: 'outline', generatedBy: 'offline' });
    expect(result.done).toEqual({ status: 'done' });
    expect(result.chunks[0]).toMatchObject({ title: 'Solar power', done: 0 });
    const sections = result.chunks.filter((c) => c.section).map((c) => c.section!.title);
    expect(sections).toEqual(['Introduction: Solar power', 'Panels', 'Batteries', 'The grid', 'Summary']);
    // Live progress: every section arrives as its own event, counting up to the total.
    expect(result.chunks.slice(1).map((c) => `${c.done}/${c.total}`)).toEqual([
      '1/5',
      '2/5',
      '3/5',
      '4/5',
      '5/5',
    ]);
    expect(result.ids).toEqual(['0', '1', '2', '3', '4', '5']);

    const stored = await call<Presentation>(
      server.url,
      'GET',
      `/api/v1/presentation/get?presentationId=${id}`,
      {
        token: alice,
      },
    );
    expect(stored.body.data).toMatchObject({ title: 'Solar power', type: 'outline', templateId: 20000 });
    expect(stored.body.data.outline.map((s) => s.title)).toEqual(sections);
  });

  it('a reconnect with the same requestId and Last-Event-ID gets only what it missed', async () => {
    const resumed = await generate(
      server,
      alice,
      { requestId: 'req-outline-0001', presentationId: id, step: 'outline', topic: 'ignored on resume' },
      { lastEventId: 3 },
    );
    expect(resumed.ids).toEqual(['4', '5']);
    expect(resumed.done).toEqual({ status: 'done' });
  });

  it('keeps an edited outline (reordered, added, removed) and makes slides from it with progress', async () => {
    const edited = await call<Presentation>(server.url, 'POST', '/api/v1/presentation/updateOutline', {
      token: alice,
      body: {
        presentationId: id,
        title: 'Solar power at home',
        outline: [
          { title: 'Batteries', points: ['Store the midday surplus', '  '] },
          { title: 'Panels', points: ['Face them south'] },
          { title: 'Costs and savings', points: ['Payback in about eight years'] },
        ],
      },
    });
    expect(edited.body.code).toBe(200);
    expect(edited.body.data.outline[0].points).toEqual(['Store the midday surplus']);

    const result = await generate(server, alice, {
      requestId: 'req-slides-0001',
      presentationId: id,
      step: 'slides',
    });
    expect(result.done).toEqual({ status: 'done' });
    expect(result.chunks.map((c) => [c.slide?.title, `${c.done}/${c.total}`])).toEqual([
      ['Batteries', '1/3'],
      ['Panels', '2/3'],
      ['Costs and savings', '3/3'],
    ]);
    expect(result.chunks[2].slide?.bullets).toEqual(['Payback in about eight years']);
    expect(result.chunks[0].slide?.notes).toMatch(/offline model/);

    const list = await call<PresentationSummary[]>(server.url, 'GET', '/api/v1/presentation/list', {
      token: alice,
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        presentationId: id,
        title: 'Solar power at home',
        type: 'slides',
        slideCount: 3,
      }),
    ]);
  });

  it('exports a .pptx that parses back with a title slide and one slide per slide, titles in the XML', async () => {
    const response = await fetch(`${server.url}/api/v1/presentation/export?presentationId=${id}`, {
      headers: { Authorization: alice },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(response.headers.get('content-disposition')).toContain('Solar%20power%20at%20home.pptx');
    const slides = await slideXml(await response.arrayBuffer());
    expect(slides).toHaveLength(4);
    expect(slides[0]).toContain('Solar power at home');
    expect(slides[0]).toContain('offline model');
    expect(slides[1]).toContain('Batteries');
    expect(slides[1]).toContain('Store the midday surplus');
    expect(slides[3]).toContain('Costs and savings');
  });

  it('an Arabic presentation exports its texts right to left, an English one left to right', async () => {
    const arabic = await generate(
      server,
      alice,
      {
        requestId: 'req-outline-ar01',
        presentationId: 'pres-alice-ar01',
        step: 'outline',
        topic: 'الطاقة الشمسية: الألواح والبطاريات والشبكة',
      },
      { headers: { language: 'ar' } },
    );
    expect(arabic.done).toEqual({ status: 'done' });
    const exported = await fetch(`${server.url}/api/v1/presentation/export?presentationId=pres-alice-ar01`, {
      headers: { Authorization: alice, language: 'ar' },
    });
    const slides = await slideXml(await exported.arrayBuffer());
    // Each paragraph whose first letter is Arabic says rtl="1" and is aligned right (PowerPoint drew them left
    // to right, the full stop at the wrong end); one that starts in Latin letters stays left to right.
    const paragraphs = slides.flatMap((xml) => xml.match(/<a:p>.*?<\/a:p>/gs) ?? []);
    const firstLetter = (p: string) => p.replace(/<[^>]+>/g, '').match(/\p{L}/u)?.[0] ?? '';
    const arabicFirst = paragraphs.filter((p) => /\p{Script=Arabic}/u.test(firstLetter(p)));
    expect(arabicFirst.length).toBeGreaterThan(5);
    for (const p of arabicFirst)
      expect(p).toMatch(/<a:pPr[^>]*rtl="1"[^>]*algn="r"|<a:pPr[^>]*algn="r"[^>]*rtl="1"/);
    const english = await fetch(`${server.url}/api/v1/presentation/export?presentationId=${id}`, {
      headers: { Authorization: alice },
    });
    for (const xml of await slideXml(await english.arrayBuffer())) expect(xml).not.toContain('rtl="1"');
  });

  it('another user can neither read, list, edit, export, regenerate nor delete it', async () => {
    const read = await call(server.url, 'GET', `/api/v1/presentation/get?presentationId=${id}`, {
      token: mallory,
      headers: { language: 'zh' },
    });
    expect(read.status).toBe(404);
    expect(read.body.msg).toBe('此演示文稿不存在或不属于你。');
    const list = await call<PresentationSummary[]>(server.url, 'GET', '/api/v1/presentation/list', {
      token: mallory,
    });
    expect(list.body.data).toEqual([]);
    const edit = await call(server.url, 'POST', '/api/v1/presentation/updateOutline', {
      token: mallory,
      body: { presentationId: id, title: 'Mine now', outline: [{ title: 'x', points: [] }] },
    });
    expect(edit.status).toBe(404);
    const exported = await fetch(`${server.url}/api/v1/presentation/export?presentationId=${id}`, {
      headers: { Authorization: mallory },
    });
    expect(exported.status).toBe(404);
    const outline = await generate(server, mallory, {
      requestId: 'req-mallory-0001',
      presentationId: id,
      step: 'outline',
      topic: 'Take over',
    });
    expect(outline.json?.code).toBe(404);
    // Nor can they attach to Alice's run by guessing its requestId.
    const attach = await generate(server, mallory, {
      requestId: 'req-slides-0001',
      presentationId: id,
      step: 'slides',
    });
    expect(attach.json?.code).toBe(404);
    const removed = await call(server.url, 'POST', '/api/v1/presentation/delete', {
      token: mallory,
      body: { presentationId: id },
    });
    expect(removed.status).toBe(404);
    const still = await call<Presentation>(
      server.url,
      'GET',
      `/api/v1/presentation/get?presentationId=${id}`,
      {
        token: alice,
      },
    );
    expect(still.body.data.title).toBe('Solar power at home');
  });

  it('refuses bad input with translated messages', async () => {
    const noTopic = await generate(
      server,
      alice,
      { requestId: 'req-bad-00001', presentationId: 'pres-alice-0002', step: 'outline', topic: '   ' },
      { headers: { language: 'es' } },
    );
    expect(noTopic.status).toBe(400);
    expect(noTopic.json?.msg).toBe('Escribe un tema o elige primero un documento.');
    const longTopic = await generate(server, alice, {
      requestId: 'req-bad-00002',
      presentationId: 'pres-alice-0002',
      step: 'outline',
      topic: 'x'.repeat(501),
    });
    expect(longTopic.json?.msg).toBe('A topic can have at most 500 characters.');
    const template = await generate(
      server,
      alice,
      {
        requestId: 'req-bad-00003',
        presentationId: 'pres-alice-0002',
        step: 'outline',
        topic: 'Bees',
        templateId: 99,
      },
      { headers: { language: 'ar' } },
    );
    expect(template.json?.msg).toBe('قالب العرض التقديمي هذا غير معروف.');
    const slidesFirst = await generate(server, alice, {
      requestId: 'req-bad-00004',
      presentationId: 'pres-never-made',
      step: 'slides',
    });
    expect(slidesFirst.status).toBe(404);
    const empty = await call(server.url, 'POST', '/api/v1/presentation/updateOutline', {
      token: alice,
      body: { presentationId: id, title: 'T', outline: [] },
    });
    expect(empty.body.msg).toBe('The outline needs at least one section.');
    const untitled = await call(server.url, 'POST', '/api/v1/presentation/updateOutline', {
      token: alice,
      body: { presentationId: id, title: 'T', outline: [{ title: ' ', points: [] }] },
    });
    expect(untitled.body.msg).toBe('Every section needs a title.');
  });

  it('the owner deletes it and it is gone', async () => {
    const removed = await call(server.url, 'POST', '/api/v1/presentation/delete', {
      token: alice,
      body: { presentationId: id },
    });
    expect(removed.body.data).toBe(true);
    const read = await call(server.url, 'GET', `/api/v1/presentation/get?presentationId=${id}`, {
      token: alice,
    });
    expect(read.status).toBe(404);
  });
});
