import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../common/contract';
import { documents } from '../../server/db/schema';
import { makeDocx, makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('the workspace on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { docs: testDocsConfig() });
  });
  afterAll(() => server.close());

  const list = (token: string, path: string, language = 'en') =>
    call<WorkspaceFile[]>(server.url, 'GET', `/api/v1/workspace/${path}`, { token, headers: { language } });

  it('lists your uploads by category, your writing under generated, and none of anyone else', async () => {
    const token = await newGuest(server.url);
    const docs = docsClient(server.url, token);
    const pdf = await docs.uploadAndCreate(await makePdf(['Report page one.', 'Two.']), 'report.pdf');
    await docs.uploadAndCreate(await makeDocx(['Letter text.']), 'letter.docx');
    await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
      token,
      body: { docId: 'doc-workspace-1', docTitle: 'My essay', content: { type: 'doc', content: [] } },
    });

    const all = await list(token, 'uploaded/all');
    expect(all.body.data.map((f) => [f.category, f.name]).sort()).toEqual([
      ['doc', 'letter.docx'],
      ['pdf', 'report.pdf'],
    ]);
    const pdfs = await list(token, 'uploaded/pdf');
    expect(pdfs.body.data).toEqual([
      expect.objectContaining({
        category: 'pdf',
        routeType: 'manual',
        pageCount: 2,
        href: `/chatwithdoc?md5=${pdf.body.data.md5}`,
        // Its stored file can be read again (Read again in the row).
        readAgain: true,
      }),
    ]);
    expect((await list(token, 'uploaded/ppt')).body.data).toEqual([]);
    // A web page (a document of its address, no stored file) is listed without Read again.
    const me = (await call<{ uid: string }>(server.url, 'GET', '/api/v1/user/currentUser', { token })).body
      .data;
    await server.services.db.insert(documents).values({
      id: `web-${me.uid}`,
      ownerId: me.uid,
      md5: 'f'.repeat(32),
      fileName: 'A web page',
      fileType: 'doc',
      contentType: 'text/html',
      url: 'https://example.com/a',
      topic: 'A web page',
      language: 'en',
      pageCount: 1,
      parseStatus: 1,
    });
    const docsListed = (await list(token, 'uploaded/doc')).body.data;
    expect(docsListed.find((f) => f.name === 'A web page')?.readAgain).toBe(false);
    expect(docsListed.find((f) => f.name === 'letter.docx')?.readAgain).toBe(true);
    const writing = await list(token, 'ai/writing');
    expect(writing.body.data).toEqual([
      expect.objectContaining({
        category: 'writing',
        name: 'My essay',
        href: '/writing?docId=doc-workspace-1',
      }),
    ]);

    const stranger = await newGuest(server.url);
    expect((await list(stranger, 'uploaded/all')).body.data).toEqual([]);
    expect((await list(stranger, 'ai/all')).body.data).toEqual([]);

    // Only the owner deletes an upload; it leaves the list and its text with it.
    const md5 = pdf.body.data.md5;
    const remove = (who: string) =>
      call(server.url, 'POST', '/api/v1/workspace/delete', {
        token: who,
        body: { category: 'pdf', id: md5 },
      });
    const pagesOf = () => call(server.url, 'GET', `/api/v1/chat/doc/pages?md5=${md5}`, { token });
    expect((await remove(stranger)).status).toBe(404);
    expect((await pagesOf()).status).toBe(200);
    expect((await remove(token)).status).toBe(200);
    expect((await list(token, 'uploaded/all')).body.data.map((f) => f.name).sort()).toEqual([
      'A web page',
      'letter.docx',
    ]);
    expect((await pagesOf()).status).toBe(404);
  });

  it('takes files from sources other areas register (presentations, images)', async () => {
    const token = await newGuest(server.url);
    server.services.workspace.register({
      id: 'test-presentations',
      routeType: 'ai',
      categories: ['presentation'],
      list: async (caller) => [
        {
          id: `deck-of-${caller.userId}`,
          category: 'presentation',
          routeType: 'ai',
          name: 'Quarterly deck',
          href: '/creation/all/Presentation',
          updatedAt: new Date().toISOString(),
        },
      ],
    });
    const decks = await list(token, 'ai/presentation');
    expect(decks.body.data.map((f) => f.name)).toEqual(['Quarterly deck']);
    expect((await list(token, 'ai/writing')).body.data).toEqual([]);
    // Pictures made with AI share the `image` category with uploaded pictures of pages: deleting one from the
    // workspace reaches the source that has it, not only the first that lists the category.
    const removed: string[] = [];
    // Stands in for the images area's own source (same id: it replaces it, in its place after documents).
    server.services.workspace.register({
      id: 'images',
      routeType: 'ai',
      categories: ['image'],
      list: async () => [],
      remove: async (_caller, id) => {
        if (id !== 'made-image-1') return false;
        removed.push(id);
        return true;
      },
    });
    const remove = await call<boolean>(server.url, 'POST', '/api/v1/workspace/delete', {
      token,
      body: { category: 'image', id: 'made-image-1' },
    });
    expect([remove.status, remove.body.data]).toEqual([200, true]);
    expect(removed).toEqual(['made-image-1']);
  });

  it('deletes your own files, from the workspace or from writing; anyone else’s are not found', async () => {
    const owner = await newGuest(server.url);
    const stranger = await newGuest(server.url);
    for (const docId of ['doc-delete-1', 'doc-delete-2'])
      await call(server.url, 'POST', '/api/v1/writing/upsertDoc', {
        token: owner,
        body: { docId, docTitle: docId, content: { type: 'doc', content: [] } },
      });
    const remove = (token: string, id: string) =>
      call<boolean>(server.url, 'POST', '/api/v1/workspace/delete', {
        token,
        headers: { language: 'es' },
        body: { category: 'writing', id },
      });

    const refused = await remove(stranger, 'doc-delete-1');
    expect([refused.status, refused.body.msg]).toEqual([404, 'Este archivo ya no existe.']);
    const refusedDirect = await call(server.url, 'POST', '/api/v1/writing/deleteDoc', {
      token: stranger,
      body: { docId: 'doc-delete-2' },
    });
    expect(refusedDirect.status).toBe(404);
    expect((await list(owner, 'ai/writing')).body.data.map((f) => f.id).sort()).toEqual([
      'doc-delete-1',
      'doc-delete-2',
    ]);

    expect((await remove(owner, 'doc-delete-1')).body.data).toBe(true);
    const direct = await call(server.url, 'POST', '/api/v1/writing/deleteDoc', {
      token: owner,
      body: { docId: 'doc-delete-2' },
    });
    expect(direct.body.data).toBe(true);
    expect((await list(owner, 'ai/writing')).body.data).toEqual([]);
    expect((await remove(owner, 'doc-delete-1')).status).toBe(404);
  });

  it('answers an unknown view as not found, translated', async () => {
    const token = await newGuest(server.url);
    const unknown = await list(token, 'uploaded/spreadsheets', 'zh');
    expect([unknown.status, unknown.body.msg]).toEqual([404, '此工作区视图不存在。']);
    expect((await list(token, 'elsewhere/all')).status).toBe(404);
  });
});
