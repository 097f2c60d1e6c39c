import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentPaths,
  type PresignedPost,
  type WritingDoc,
  type WritingDocSummary,
  type WritingImageUrlResponse,
} from '../../common/contract';
import { adoptGuest } from '../../server/services/auth/account-login';
import { loginMember, me } from '../helpers/billing';
import { makePng } from '../helpers/doc-fixtures';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { md5, postForm } from '../helpers/uploads';

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
      ['/api/v1/writing/setTipsExistFlag', { docId, tipsExistFlag: false }],
    ] as const) {
      const attempt = await call(server.url, 'POST', path, { token: mallory, body });
      expect(attempt.body.code).toBe(404);
    }
    // Ids are unique per owner: a create under Alice's id is Mallory's own new document, answered exactly like a
    // create under an id no one has, so it cannot tell whether the id is taken.
    const answerOf = async (id: string, withRevision: boolean) => {
      const made = await call<WritingDoc>(server.url, 'POST', '/api/v1/writing/upsertDoc', {
        token: mallory,
        body: {
          docId: id,
          docTitle: 'x',
          content: paragraph('mine now'),
          ...(withRevision ? { baseRevision: 3 } : {}),
        },
      });
      const { docId: _id, createdAt: _c, updatedAt: _u, ...rest } = made.body.data ?? {};
      return { status: made.status, code: made.body.code, msg: made.body.msg, ...rest };
    };
    const created = await answerOf(docId, true);
    expect(created).toMatchObject({ status: 200, code: 200, revision: 1 });
    expect(created).toEqual(await answerOf(`${docId}-fresh`, true));
    // The same create repeated (a replay from the outbox) is answered again, for either id alike.
    expect(await answerOf(docId, false)).toEqual(await answerOf(`${docId}-fresh`, false));
    const mine = await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, {
      token: mallory,
    });
    expect(JSON.stringify(mine.body.data.content)).toContain('mine now');
    const still = await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${docId}`, {
      token: alice,
    });
    expect(JSON.stringify(still.body.data.content)).not.toContain('mine now');
    expect(still.body.data.tipsExistFlag).toBe(true);
    const alices = await call<WritingDocSummary[]>(server.url, 'GET', '/api/v1/writing/myDocList', {
      token: alice,
    });
    expect(alices.body.data.filter((d) => d.docId === docId)).toHaveLength(1);
    expect(alices.body.data.some((d) => d.docTitle === 'x')).toBe(false);
  });

  it("a guest's document under an id the account already uses does not stop the guest signing in", async () => {
    const upsert = (token: string, id: string, text: string) =>
      call<WritingDoc>(server.url, 'POST', '/api/v1/writing/upsertDoc', {
        token,
        body: { docId: id, docTitle: text, content: paragraph(text) },
      });
    // The account was made on another device; this device's guest wrote under the same id, then signs in.
    const member = await loginMember(server, 'writing-same-id@example.com');
    expect((await upsert(member, 'doc-same-id', 'account text')).body.code).toBe(200);
    const guest = await newGuest(server.url);
    expect((await upsert(guest, 'doc-same-id', 'guest text')).body.code).toBe(200);
    expect((await upsert(guest, 'doc-guest-only', 'guest only')).body.code).toBe(200);
    // The step every login takes with the guest token it carries (the email code may be asked once a minute).
    await adoptGuest(server.services.db, (await me(server, guest)).uid, (await me(server, member)).uid);
    const titles = await call<WritingDocSummary[]>(server.url, 'GET', '/api/v1/writing/myDocList', {
      token: member,
    });
    expect(titles.body.data.map((d) => [d.docId, d.docTitle]).sort()).toEqual([
      ['doc-guest-only', 'guest only'],
      ['doc-same-id', 'account text'],
    ]);
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

  it('an editor image opens only at the address its holder was given; its md5 alone fetches nothing', async () => {
    const picture = makePng(40, 30, 7);
    const hash = md5(picture);
    const grant = await call<PresignedPost>(
      server.url,
      'GET',
      `${DocumentPaths.getPresignedPost}?md5=${hash}`,
      {
        token: alice,
      },
    );
    expect((await postForm(grant.body.data.url, grant.body.data.fields, picture)).status).toBe(204);
    const asked = (token: string, hash_: string) =>
      call<WritingImageUrlResponse>(server.url, 'GET', `/api/v1/writing/imageUrl?md5=${hash_}`, { token });

    const given = await asked(alice, hash.toUpperCase());
    expect(given.body.code).toBe(200);
    const url = given.body.data.url;
    expect(url).toMatch(new RegExp(`^/api/v1/writing/image/${hash}\\?k=[\\w-]{22}$`));
    // No token is needed at that address: an <img> sends none.
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(picture);

    // Someone who knows the md5 but never held the bytes: no address, and the bare md5 or a made-up key is the
    // same 404 as a picture that is not stored at all.
    const refused = await asked(mallory, hash);
    expect([refused.status, refused.body.msg]).toEqual([404, 'This image does not exist.']);
    const unknown = md5(makePng(40, 30, 8));
    for (const path of [
      `/api/v1/writing/image/${hash}`,
      `/api/v1/writing/image/${hash}?k=${'A'.repeat(22)}`,
      `/api/v1/writing/image/${hash}?k=${url.split('k=')[1].slice(0, 21)}`,
      `/api/v1/writing/image/${unknown}`,
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get('content-type')).not.toBe('image/png');
    }
    expect((await call(server.url, 'GET', `/api/v1/writing/imageUrl?md5=${hash}`)).status).toBe(401);

    // A document written before addresses had keys gets its owner's picture back; another user's copy of that
    // document text names bytes they never held and stays as it was.
    const legacy = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: `/api/v1/writing/image/${hash}`, width: '50%' } }],
    };
    for (const [token, id] of [
      [alice, 'doc-old-image-a'],
      [mallory, 'doc-old-image-m'],
    ] as const)
      await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
        token,
        body: { docId: id, docTitle: 'Old', content: legacy },
      });
    const srcOf = async (token: string, id: string) =>
      (await call<WritingDoc>(server.url, 'GET', `/api/v1/writing/getDoc?docId=${id}`, { token })).body.data
        .content.content?.[0].attrs;
    expect(await srcOf(alice, 'doc-old-image-a')).toEqual({ src: url, width: '50%' });
    expect(await srcOf(mallory, 'doc-old-image-m')).toEqual(legacy.content[0].attrs);
  });
});
