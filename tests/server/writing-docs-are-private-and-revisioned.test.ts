import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WritingDoc, WritingDocSummary } from '../../common/contract';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe.each(DATABASES)('writing documents on %s', (kind) => {
  let server: TestServer;
  let alice: string;
  let mallory: string;
  const docId = 'doc-alice-0001';
  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await newGuest(server.url);
    mallory = await newGuest(server.url);
  });
  afterAll(() => server.close());

  it('creates a document under the client id, lists it, and reads it back', async () => {
    const created = await call<WritingDoc>(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId, docTitle: '  Launch notes ', content: paragraph('First draft') },
    });
    expect(created.body.code).toBe(200);
    expect(created.body.data).toMatchObject({ docId, docTitle: 'Launch notes', revision: 1 });

    // The outbox may send the same create twice (a lost answer): the second answers the same document.
    const again = await call<WritingDoc>(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId, docTitle: 'Launch notes', content: paragraph('First draft') },
    });
    expect(again.body.data.revision).toBe(1);

    const list = await call<WritingDocSummary[]>(server.url, 'GET', '/api/v1/writing/myDocList', {
      token: alice,
    });
    expect(list.body.data.map((d) => d.docId)).toEqual([docId]);
    const read = await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, {
      token: alice,
    });
    expect(read.body.data.content).toEqual(paragraph('First draft'));
    expect(read.body.data.tipsExistFlag).toBe(false);
  });

  it('an update based on the current revision wins; one based on an older revision is refused with 40901', async () => {
    const first = await call<WritingDoc>(server.url, 'POST', '/api/v1/writing/updateDoc', {
      token: alice,
      body: { docId, content: paragraph('Tab one text'), baseRevision: 1 },
    });
    expect(first.body.code).toBe(200);
    expect(first.body.data.revision).toBe(2);

    const stale = await call(server.url, 'POST', '/api/v1/writing/updateDoc', {
      token: alice,
      body: { docId, content: paragraph('Tab two text'), baseRevision: 1 },
      headers: { language: 'es' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(40901);
    expect(stale.body.msg).toMatch(/copia/);
    const read = await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, {
      token: alice,
    });
    expect(read.body.data.content).toEqual(paragraph('Tab one text'));
    expect(read.body.data.revision).toBe(2);

    // A different text under an existing id without a base revision is refused too, never overwritten.
    const blindCreate = await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId, docTitle: 'x', content: paragraph('Overwrite') },
    });
    expect(blindCreate.body.code).toBe(40901);
  });

  it('of two concurrent updates on the same revision exactly one is accepted', async () => {
    const results = await Promise.all(
      ['left', 'right'].map((side) =>
        call(server.url, 'POST', '/api/v1/writing/updateDoc', {
          token: alice,
          body: { docId, content: paragraph(side), baseRevision: 2 },
        }),
      ),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 40901]);
  });

  it('sets the tips flag', async () => {
    const set = await call(server.url, 'POST', '/api/v1/writing/setTipsExistFlag', {
      token: alice,
      body: { docId, tipsExistFlag: true },
    });
    expect(set.body.data).toBe(true);
    const read = await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, {
      token: alice,
    });
    expect(read.body.data.tipsExistFlag).toBe(true);
  });

  it('another user cannot read, list, change, flag or take over the document', async () => {
    const read = await call(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, { token: mallory });
    expect(read.status).toBe(404);
    expect(read.body.msg).toBe('This document does not exist or is not yours.');
    const list = await call<WritingDocSummary[]>(server.url, 'GET', '/api/v1/writing/myDocList', {
      token: mallory,
    });
    expect(list.body.data).toEqual([]);
    for (const [path, body] of [
      ['/api/v1/writing/updateDoc', { docId, content: paragraph('mine now'), baseRevision: 3 }],
      ['/api/v1/writing/upsertDoc', { docId, docTitle: 'x', content: paragraph('mine now') }],
      [
        '/api/v1/writing/upsertDoc',
        { docId, docTitle: 'x', content: paragraph('mine now'), baseRevision: 3 },
      ],
      ['/api/v1/writing/setTipsExistFlag', { docId, tipsExistFlag: false }],
    ] as const) {
      const attempt = await call(server.url, 'POST', path, { token: mallory, body });
      expect(attempt.body.code).toBe(404);
    }
    const still = await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, {
      token: alice,
    });
    expect(JSON.stringify(still.body.data.content)).not.toContain('mine now');
    expect(still.body.data.tipsExistFlag).toBe(true);
  });

  it('refuses bad input with a clear message, and unauthenticated calls with 401', async () => {
    const longTitle = await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId: 'doc-long-title', docTitle: 'x'.repeat(201), content: { type: 'doc' } },
    });
    expect(longTitle.body.msg).toBe('A document title can have at most 200 characters.');
    const notADoc = await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId: 'doc-not-a-doc', content: { type: 'paragraph' } },
    });
    expect(notADoc.status).toBe(400);
    // Attributes the editor writes into a style or a URL must be of their type.
    const image = (width: unknown) => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src: '/api/v1/writing/image/a', width } }],
    });
    const styled = await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token: alice,
      body: { docId: 'doc-styled-width', content: image('100%; background:url(https://evil.example/x)') },
      headers: { language: 'es' },
    });
    expect(styled.status).toBe(400);
    expect(styled.body.msg).toBe(
      'Este documento tiene un ajuste de imagen o de tabla que no es válido, por eso no se guardó.',
    );
    const cell = {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colwidth: ['1px;x:'] } }] },
          ],
        },
      ],
    };
    const column = await call(server.url, 'POST', '/api/v1/writing/updateDoc', {
      token: alice,
      body: { docId, content: cell, baseRevision: 0 },
    });
    expect(column.status).toBe(400);
    for (const width of ['37.5%', 320, '320px']) {
      const fine = await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
        token: alice,
        body: { docId: `doc-width-${String(width).replace(/\W/g, '')}`, content: image(width) },
      });
      expect(fine.body.code).toBe(200);
    }
    const badId = await call(server.url, 'GET', '/api/v1/writing/getDoc?docId=../../x', { token: alice });
    expect(badId.body.msg).toBe('The document id is not valid.');
    const anonymous = await call(server.url, 'GET', '/api/v1/writing/myDocList');
    expect(anonymous.status).toBe(401);
  });
});
