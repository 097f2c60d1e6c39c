import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode, TEST_CARDS, type Usage } from '../../common/contract';
import { documents, usageRecords } from '../../server/db/schema';
import { objectKeyForMd5 } from '../../server/providers/storage/object-store';
import { periodStart } from '../../server/services/billing/quotas';
import { loginMember, me, payWithCard } from '../helpers/billing';
import { makePdf } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { testDocsConfig } from '../helpers/docs-config';
import { call, DATABASES, newGuest, startTestServer, type TestServer } from '../helpers/server';
import { md5 } from '../helpers/uploads';

const pdf = (name: string, pages: number) =>
  makePdf(Array.from({ length: pages }, (_v, i) => `${name} page ${i + 1} of a quota test.`));

describe.each(DATABASES)('document quotas on %s', (kind) => {
  let server: TestServer;
  let site: http.Server;
  let siteUrl = '';
  const sitePdfs = new Map<string, Buffer>();
  beforeAll(async () => {
    // A local web site for documents made from links: pages and pdfs.
    site = http.createServer((request, response) => {
      const file = sitePdfs.get(request.url ?? '');
      if (file) {
        response.writeHead(200, { 'Content-Type': 'application/pdf' });
        response.end(file);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<html><head><title>${request.url}</title></head><body><p>A page at ${request.url}
        with enough words to read as a document about harbours and their lighthouses.</p></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as AddressInfo;
    siteUrl = `http://127.0.0.1:${port}`;
    server = await startTestServer(kind, { outboundAllowHosts: [`127.0.0.1:${port}`] });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const usage = async (token: string) =>
    (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token })).body.data;

  /** Documents made earlier (a month of use would be slow through uploads): rows as the service stores them. */
  async function addEarlierDocuments(token: string, count: number, pages: number, at: Date) {
    const ownerId = (await me(server, token)).uid;
    await server.services.db.insert(documents).values(
      Array.from({ length: count }, (_v, i) => ({
        id: `earlier-${ownerId}-${i}`,
        ownerId,
        md5: `e${String(i).padStart(31, '0')}`,
        fileName: `earlier-${i}.pdf`,
        fileType: 'pdf',
        contentType: 'application/pdf',
        topic: 'earlier',
        language: 'en',
        pageCount: pages,
        parseStatus: 1,
        createdAt: at,
      })),
    );
    // What the quota counts: the usage they recorded when they were added.
    await server.services.db.insert(usageRecords).values(
      Array.from({ length: count }, () => ({
        userId: ownerId,
        kind: 'upload',
        amount: pages,
        createdAt: at,
      })),
    );
  }

  it('a free user’s third new document of the day, uploaded or from a link, answers 20001; yesterday’s do not count', async () => {
    const token = await loginMember(server, 'free-docs@example.com');
    const docs = docsClient(server.url, token);
    const before = await usage(token);
    expect(before).toMatchObject({
      period: 'day',
      uploads: { used: 0, total: 2 },
      pages: { used: 0, total: 100 },
    });
    await addEarlierDocuments(token, 5, 10, new Date(periodStart('day', new Date()).getTime() - 3600_000));
    expect((await usage(token)).uploads.used).toBe(0);

    expect((await docs.uploadAndCreate(await pdf('one', 2), 'one.pdf')).body.code).toBe(200);
    expect((await docs.create({ url: `${siteUrl}/harbours` })).body.code).toBe(200);
    expect(await usage(token)).toMatchObject({
      uploads: { used: 2, total: 2 },
      pages: { used: 3, total: 100 },
    });

    const third = await docs.uploadAndCreate(await pdf('three', 1), 'three.pdf');
    expect(third.body).toMatchObject({
      code: ResponseCode.UsageExceedsLimit,
      msg: 'The free plan includes 2 new documents a day. Upgrade to add more today.',
      source: 'FREEDAYMAXFILE',
      shortMessage: '2/2',
    });
    const byLink = await docsClient(server.url, token, 'es').create({ url: `${siteUrl}/lighthouses` });
    expect(byLink.body).toMatchObject({ code: ResponseCode.UsageExceedsLimit, source: 'FREEDAYMAXFILE' });
    expect(byLink.body.msg).toBe(
      'El plan gratuito incluye 2 documentos nuevos al día. Mejora tu plan para añadir más hoy.',
    );
    expect((await usage(token)).uploads.used).toBe(2);
  });

  it('two documents finishing together cannot both take the last free document of the day', async () => {
    const token = await loginMember(server, 'free-race@example.com');
    const docs = docsClient(server.url, token);
    expect((await docs.uploadAndCreate(await pdf('first', 1), 'first.pdf')).body.code).toBe(200);
    const [a, b] = [await pdf('racer-a', 3), await pdf('racer-b', 3)];
    await Promise.all([docs.upload(a), docs.upload(b)]);
    const results = await Promise.all([
      docs.create({ md5: md5(a), fileName: 'a.pdf', model: 'Standard' }),
      docs.create({ md5: md5(b), fileName: 'b.pdf', model: 'Standard' }),
    ]);
    expect(results.map((r) => r.body.code).sort()).toEqual([200, ResponseCode.UsageExceedsLimit]);
    expect((await usage(token)).uploads).toEqual({ used: 2, total: 2 });
  });

  it('a document whose pages pass the page quota is refused with 20001 and nothing of it is kept', async () => {
    const token = await loginMember(server, 'free-pages@example.com');
    const docs = docsClient(server.url, token);
    expect((await docs.uploadAndCreate(await pdf('sixty', 60), 'sixty.pdf')).body.code).toBe(200);

    const fifty = await pdf('fifty', 50);
    const refused = await docs.uploadAndCreate(fifty, 'fifty.pdf');
    expect(refused.body).toMatchObject({
      code: ResponseCode.UsageExceedsLimit,
      msg: 'This document has 50 pages; 40 of the free plan’s 100 pages a day are left today. Upgrade for more.',
      source: 'FREEDAYMAXPAGE',
      shortMessage: '60/100',
    });
    expect((await docs.pages(md5(fifty))).status).toBe(404);
    expect(await usage(token)).toMatchObject({ uploads: { used: 1 }, pages: { used: 60 } });

    // A pdf behind a link is not even stored when it does not fit.
    const linked = await pdf('linked', 45);
    sitePdfs.set('/report.pdf', linked);
    const byLink = await docs.create({ url: `${siteUrl}/report.pdf` });
    expect(byLink.body).toMatchObject({ code: ResponseCode.UsageExceedsLimit, source: 'FREEDAYMAXPAGE' });
    expect(await server.services.objectStore.size(objectKeyForMd5(md5(linked)))).toBeNull();

    // What still fits is taken.
    expect((await docs.uploadAndCreate(await pdf('forty', 40), 'forty.pdf')).body.code).toBe(200);
    expect((await usage(token)).pages).toEqual({ used: 100, total: 100 });
  });

  it('a paid plan counts documents per month: this month’s earlier ones count, the 101st is refused', async () => {
    const token = await loginMember(server, 'pro-docs@example.com');
    await payWithCard(server, token, { productId: 'pro-month-g0', card: TEST_CARDS.succeeds });
    const monthStart = periodStart('month', new Date());
    await addEarlierDocuments(token, 99, 2, new Date(monthStart.getTime() + 1000));
    expect(await usage(token)).toMatchObject({
      period: 'month',
      uploads: { used: 99, total: 100 },
      pages: { used: 198, total: 3000 },
    });
    const docs = docsClient(server.url, token);
    expect((await docs.uploadAndCreate(await pdf('hundredth', 3), 'hundredth.pdf')).body.code).toBe(200);
    const over = await docs.uploadAndCreate(await pdf('over', 1), 'over.pdf');
    expect(over.body).toMatchObject({
      code: ResponseCode.UsageExceedsLimit,
      msg: 'Your plan includes 100 new documents a month. Upgrade to add more this month.',
      source: 'MONTHMAXFILE',
      shortMessage: '100/100',
    });
    expect((await usage(token)).uploads).toEqual({ used: 100, total: 100 });
  });

  it('Unlimited is never refused: hundreds of documents and thousands of pages this month still take another', async () => {
    const token = await loginMember(server, 'unlimited-docs@example.com');
    await payWithCard(server, token, { productId: 'unlimited-month-g0', card: TEST_CARDS.succeeds });
    await addEarlierDocuments(token, 300, 40, new Date());
    const docs = docsClient(server.url, token);
    expect((await docs.uploadAndCreate(await pdf('more', 90), 'more.pdf')).body.code).toBe(200);
    expect((await usage(token)).period).toBe('unlimited');
  });
});

describe('the operator’s Free allowance (DOCS_FREE_FILES_PER_DAY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { docs: testDocsConfig({ freeFilesPerDay: 5 }) });
  });
  afterAll(() => server.close());

  it('is what usage tells a free user, as the daily total and the hint the document page shows', async () => {
    const token = await newGuest(server.url);
    const usage = (await call<Usage>(server.url, 'GET', '/api/v1/user/usage/message', { token })).body.data;
    expect(usage.docUploadLimitHint).toBe(5);
    expect(usage.uploads).toEqual({ used: 0, total: 5 });
  });
});
