// Text with NUL (U+0000), which PostgreSQL's text and jsonb cannot store, arriving in every kind of field a
// user writes: it is dropped at the request boundary, so the write succeeds instead of answering 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelDetail, Presentation, UserPrompt, WritingDoc } from '../../common/contract';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { call, DATABASES, newGuest, startTestServer, streamSend, type TestServer } from '../helpers/server';
import { presentationStream } from '../helpers/sse-post';

const NUL = '\u0000';

describe.each(DATABASES)('NUL bytes on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('a chat message and a channel name with NUL are stored without it', async () => {
    const sent = await streamSend(server.url, alice, {
      requestId: 'nul-request-1',
      message: `Hello${NUL} world`,
    });
    expect(sent.status).toBe(200);
    const channelId = sent.meta!.channelId;
    const renamed = await call(server.url, 'POST', '/api/v1/channel', {
      token: alice,
      body: { channelId, channelName: `Plans${NUL}${NUL} 2026` },
    });
    expect(renamed.status).toBe(200);
    const read = await call<ChannelDetail>(server.url, 'POST', '/api/v1/chat/getChannel', {
      token: alice,
      body: { channelId },
    });
    expect(read.body.data.channel.channelName).toBe('Plans 2026');
    expect(read.body.data.messages[0].content).toBe('Hello world');
  });

  it('a prompt, a writing doc (title, text and a node attribute key) and feedback with NUL are stored without it', async () => {
    const prompt = await call<UserPrompt>(server.url, 'POST', '/api/v1/prompt/add', {
      token: alice,
      body: { name: `Sum${NUL}mary`, content: `Summarise${NUL} this.` },
    });
    expect(prompt.status).toBe(200);
    expect(prompt.body.data).toMatchObject({ name: 'Summary', content: 'Summarise this.' });

    const content = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { [`x${NUL}`]: NUL }, content: [{ type: 'text', text: `a${NUL}b` }] },
      ],
    };
    const doc = await call<WritingDoc>(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId: 'doc-nul-0001', docTitle: `Notes${NUL}`, content },
    });
    expect(doc.status).toBe(200);
    const stored = await call<WritingDoc>(server.url, 'GET', '/api/v1/writing/getDoc?docId=doc-nul-0001', {
      token: alice,
    });
    expect(stored.body.data.docTitle).toBe('Notes');
    expect(JSON.stringify(stored.body.data.content)).not.toContain('\\u0000');
    expect(JSON.stringify(stored.body.data.content)).toContain('"ab"');

    const feedback = await call(server.url, 'POST', '/api/v1/user/feedback', {
      token: alice,
      body: { category: 'problem', content: `Broken${NUL} button`, page: `/chat${NUL}` },
    });
    expect(feedback.status).toBe(200);
    expect(feedback.body).toMatchObject({ code: 200, data: { content: 'Broken button', page: '/chat' } });
  });

  it('a presentation topic and a document name with NUL are stored without it', async () => {
    const result = await presentationStream(server.url, alice, {
      requestId: 'req-nul-00001',
      presentationId: 'pres-nul-0001',
      step: 'outline',
      topic: `Solar${NUL} power`,
    });
    expect(result.status).toBe(200);
    expect(result.done).toEqual({ status: 'done' });
    const stored = await call<Presentation>(
      server.url,
      'GET',
      '/api/v1/presentation/get?presentationId=pres-nul-0001',
      { token: alice },
    );
    expect(stored.body.data.topic).toBe('Solar power');

    const docs = docsClient(server.url, alice);
    const created = await docs.uploadAndCreate(await makePdf(['One page of text.']), `report${NUL}.pdf`);
    expect(created.status).toBe(200);
    expect(created.body.code).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain('\\u0000');
  });

  it('a NUL in a path or query value is a 400 in the caller language, not a 500', async () => {
    const query = await call(server.url, 'GET', '/api/v1/writing/getDoc?docId=doc%00', {
      token: alice,
      headers: { language: 'es' },
    });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: 400, msg: 'La solicitud no es válida.' });
    const share = await call(server.url, 'GET', '/api/v1/channel/share/detail?shareKey=ab%00cd');
    expect(share.status).toBe(400);
  });
});
