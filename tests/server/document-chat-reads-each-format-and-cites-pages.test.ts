import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelSummary, ParseStatus } from '../../common/contract';
import { makeDoc, makeDocx, makePdf, makePpt, makePptx } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import {
  call,
  DATABASES,
  joinContent,
  newGuest,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

const PAGES = [
  'Parley handbook. This guide explains how the garden irrigation works.',
  'The irrigation pump runs every morning at six and waters the tomato beds for twenty minutes.',
  'Compost is turned on Sundays. The compost bin stands behind the shed.',
];

describe.each(DATABASES)('document chat on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
    token = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('reads a pdf, a docx, a pptx, an old .ppt and an old .doc with their page counts, topic and language', async () => {
    const docs = docsClient(server.url, token);
    const pdf = await docs.uploadAndCreate(await makePdf(PAGES, 'Garden handbook'), 'handbook.pdf');
    expect(pdf.body.code).toBe(200);
    expect(pdf.body.data).toMatchObject({
      fileName: 'handbook.pdf',
      fileType: 'pdf',
      topic: 'Garden handbook',
      language: 'en',
      page_count: 3,
      parseStatus: ParseStatus.TextFinished,
    });
    const docx = await docs.uploadAndCreate(await makeDocx(PAGES), 'handbook.docx');
    expect(docx.body.data).toMatchObject({ fileType: 'doc', page_count: 3, language: 'en' });
    expect(docx.body.data.topic).toContain('Parley handbook');
    const pptx = await docs.uploadAndCreate(
      await makePptx(['Primera diapositiva de la casa', 'Segunda']),
      'deck.pptx',
    );
    expect(pptx.body.data).toMatchObject({ fileType: 'ppt', page_count: 2 });
    const ppt = await docs.uploadAndCreate(
      makePpt(['Old slide one about bees', 'Old slide two', 'Three']),
      'old.ppt',
    );
    expect(ppt.body.data).toMatchObject({
      fileType: 'ppt',
      page_count: 3,
      topic: 'Old slide one about bees',
    });
    const doc = await docs.uploadAndCreate(
      makeDoc(['Old Word file about bees.', 'Second paragraph.']),
      'old.doc',
    );
    expect(doc.body.data).toMatchObject({
      fileType: 'doc',
      page_count: 1,
      topic: 'Old Word file about bees.',
    });
    expect((await docs.pages(doc.body.data.md5)).body.data.pages[0].text).toContain('Second paragraph.');

    const pages = await docs.pages(pdf.body.data.md5);
    expect(pages.body.data.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.body.data.pages[1].text).toContain('irrigation pump runs every morning');
    const file = await docs.file(pdf.body.data.md5);
    expect([file.status, file.type]).toEqual([200, 'application/pdf']);
    expect(file.bytes?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers from the document with the offline model, citing the page the answer comes from', async () => {
    const docs = docsClient(server.url, token);
    const created = await docs.uploadAndCreate(await makePdf(PAGES), 'garden.pdf');
    const chat = await docs.chat({ md5: created.body.data.md5, model: 'Standard', channelType: 'ONE_CHAT' });
    expect(chat.body.code).toBe(200);
    expect(chat.body.data).toMatchObject({ md5: created.body.data.md5, model: 'Standard' });
    expect(chat.body.data.docs[0]).toMatchObject({ file_name: 'garden.pdf', file_page_count: 3 });

    const answer = await streamSend(server.url, token, {
      channelId: chat.body.data.channel_id,
      model: 'Standard',
      message: 'When does the irrigation pump run?',
      requestId: crypto.randomUUID(),
    });
    const text = joinContent(answer.chunks);
    expect(text).toContain('runs every morning at six');
    const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(cited.length).toBeGreaterThan(0);

    const sources = await docs.sources(chat.body.data.channel_id);
    const byN = new Map(sources.body.data.map((s) => [s.n, s]));
    // The sentence about the pump is on page 2; its marker names a source on page 2.
    const pumpLine = text.split('\n').find((line) => line.includes('runs every morning')) ?? '';
    const n = Number(/\[(\d+)\]/.exec(pumpLine)?.[1]);
    expect(byN.get(n)).toMatchObject({ page: 2, fileName: 'garden.pdf', md5: created.body.data.md5 });

    const list = await call<ChannelSummary[]>(server.url, 'GET', '/api/v1/chat/myChannelList', { token });
    const listed = list.body.data.find((c) => c.channelId === chat.body.data.channel_id);
    expect(listed?.ext.channelTypeEnum).toBe('ONE_CHAT');
    expect(listed?.docEntries).toMatchObject({ multiDoc: false, docs: [{ md5: created.body.data.md5 }] });
  });

  it('opens a new chat over the documents of an existing one (createNewChat)', async () => {
    const docs = docsClient(server.url, token);
    const a = await docs.uploadAndCreate(await makePdf(['Apples are red.']), 'a.pdf');
    const b = await docs.uploadAndCreate(await makeDocx(['Bananas are yellow.']), 'b.docx');
    const chat = await docs.chat({ md5s: [a.body.data.md5, b.body.data.md5] });
    const again = await call<ChannelSummary>(server.url, 'POST', '/api/v1/chat/createNewChat', {
      token,
      body: { channelId: chat.body.data.channel_id, roleEnum: 'SUMMARYPROMPT', channelType: 'ONE_CHAT' },
    });
    expect(again.body.code).toBe(200);
    expect(again.body.data.channelId).not.toBe(chat.body.data.channel_id);
    expect(again.body.data.docEntries?.multiDoc).toBe(true);
    expect(again.body.data.docEntries?.docs).toHaveLength(2);
  });
});
