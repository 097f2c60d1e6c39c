import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresentationChunk, PresentationStreamMeta, WorkspaceFile } from '../../common/contract';
import { makeReportPdf, REPORT_PAGES } from '../helpers/creation-fixtures';
import { docsClient } from '../helpers/docs';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { ssePost } from '../helpers/sse-post';

describe.each(DATABASES)('a presentation from an uploaded pdf on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let mallory: string;
  let md5: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await newGuest(server.url);
    mallory = await newGuest(server.url);
    const created = await docsClient(server.url, alice).uploadAndCreate(
      await makeReportPdf(REPORT_PAGES),
      'beekeeping.pdf',
      'application/pdf',
    );
    expect(created.body.code).toBe(200);
    md5 = created.body.data.md5;
  });
  afterAll(() => server.close());

  const generate = (token: string, body: object, headers: Record<string, string> = {}) =>
    ssePost<PresentationChunk, PresentationStreamMeta>(
      `${server.url}/api/v1/presentation/generate`,
      token,
      body,
      {
        headers,
      },
    );

  it("the offline model's outline takes the document's headings as sections and its sentences as points", async () => {
    const outline = await generate(alice, {
      requestId: 'req-doc-00001',
      presentationId: 'pres-doc-0001',
      step: 'outline',
      md5,
    });
    expect(outline.done).toEqual({ status: 'done' });
    expect(outline.chunks[0].title).toBe('Beekeeping for Beginners');
    const sections = outline.chunks.filter((c) => c.section).map((c) => c.section!);
    expect(sections.map((s) => s.title)).toEqual(['Choosing a Hive', 'Seasonal Care', 'Harvesting Honey']);
    expect(sections[0].points).toContain(
      'Most beginners start with a Langstroth hive because parts are easy to find.',
    );
    expect(sections[2].points).toContain(
      'Frames are ready when the bees have capped most of the cells with wax.',
    );

    const slides = await generate(alice, {
      requestId: 'req-doc-00002',
      presentationId: 'pres-doc-0001',
      step: 'slides',
    });
    expect(slides.chunks.map((c) => `${c.done}/${c.total}`)).toEqual(['1/3', '2/3', '3/3']);
    const response = await fetch(`${server.url}/api/v1/presentation/export?presentationId=pres-doc-0001`, {
      headers: { Authorization: alice },
    });
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const slide3 = await zip.file('ppt/slides/slide3.xml')!.async('string');
    expect(slide3).toContain('Seasonal Care');
    expect(slide3).toContain('In spring the colony grows fast and needs room to expand.');
  });

  it("is listed in your workspace under generated presentations, and in nobody else's", async () => {
    const mine = await call<WorkspaceFile[]>(server.url, 'GET', '/api/v1/workspace/generated/presentation', {
      token: alice,
    });
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        id: 'pres-doc-0001',
        category: 'presentation',
        routeType: 'ai',
        name: 'Beekeeping for Beginners',
        href: '/creation/all/Presentation?presentationId=pres-doc-0001',
        pageCount: 3,
      }),
    ]);
    const all = await call<WorkspaceFile[]>(server.url, 'GET', '/api/v1/workspace/generated/all', {
      token: alice,
    });
    expect(all.body.data.map((f) => f.category)).toEqual(['presentation']);
    const theirs = await call<WorkspaceFile[]>(server.url, 'GET', '/api/v1/workspace/generated/all', {
      token: mallory,
    });
    expect(theirs.body.data).toEqual([]);
  });

  it('a scanned pdf (its page read by OCR at upload) gives an outline from the words on its page', async () => {
    // Tika's testOCR.pdf: one page that is only a picture of text. Parsed again for its headings, it has no
    // text layer; the presentation must use the page as the upload read it, not refuse it as empty.
    const scanned = await docsClient(server.url, alice).uploadAndCreate(
      fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/documents/testOCR.pdf')),
      'scan.pdf',
      'application/pdf',
    );
    expect(scanned.body.code).toBe(200);
    const outline = await generate(alice, {
      requestId: 'req-doc-00004',
      presentationId: 'pres-scan-001',
      step: 'outline',
      md5: scanned.body.data.md5,
    });
    expect(outline.status).toBe(200);
    expect(outline.done).toEqual({ status: 'done' });
    expect(JSON.stringify(outline.chunks)).toMatch(/Happy New Year 2003/);
  });

  it("another user cannot make a presentation from someone else's document", async () => {
    const refused = await generate(
      mallory,
      { requestId: 'req-doc-00003', presentationId: 'pres-mal-0001', step: 'outline', md5 },
      { language: 'es' },
    );
    expect(refused.status).toBe(404);
    expect(refused.json?.msg).toBe('No se encontró este documento. Vuelve a subirlo.');
  });
});
