// Several Parley processes on one PostgreSQL and one S3 bucket behind an imagined load balancer: an answer or a
// presentation belongs to no single instance (resumed anywhere, continued when its instance dies, untouched by
// another's restart), a document's pictures are read once, and limits hold across instances.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChannelDetail,
  DocImagePaths,
  type DocumentImagesPage,
  type ImageExtraction,
  OUTLINE_SECTIONS_MAX,
  type Presentation,
  type PresentationChunk,
  ResponseCode,
} from '../../common/contract';
import { composeOfflineAnswer } from '../../server/providers/ai/offline-model';
import { offlineSlide, outlineFromTopic } from '../../server/providers/ai/offline-presentation';
import { solveCaptcha } from '../helpers/captcha';
import { makePdfWithImages, makePng } from '../helpers/doc-fixtures';
import { docsClient } from '../helpers/docs';
import { type LocalS3, startLocalS3 } from '../helpers/s3-server';
import { call, freshPostgresDatabase, joinContent, streamSend, visitSign, waitFor } from '../helpers/server';
import { type ServerProcess, startServerProcess } from '../helpers/server-process';
import { presentationStream } from '../helpers/sse-post';

const VISITS_PER_MINUTE = 5;
/** Link documents racing for the last free slot, one on each instance. */
const RACERS = 2;

/** A question whose offline answer streams for a few seconds (it quotes the question word by word). */
const longQuestion = (topic: string) =>
  `Tell me about ${topic}: ${Array.from({ length: 120 }, (_v, i) => `${topic}${i % 7} word${i}`).join(' ')}`;

/** The longest outline a user may keep: its slides take a few seconds to make (one per section). */
const LONG_OUTLINE = Array.from({ length: OUTLINE_SECTIONS_MAX }, (_v, i) => ({
  title: `Harbour part ${i + 1}`,
  points: [`Quay ${i + 1} and its cranes`, `Tide table ${i + 1}`],
}));
const LONG_TITLE = 'Harbours, part by part';

// Whole server processes start and restart here: generous time on a busy machine.
describe('many instances on one PostgreSQL', { timeout: 60_000 }, () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let nextIp = 1;
  let site: http.Server;
  /** The one bucket every instance keeps uploads in. */
  let s3: LocalS3;
  let siteUrl = '';
  let databaseUrl = '';
  /** The race's page requests, held until the test lets them go. */
  let held: (() => void)[] = [];
  let allHeld: () => void = () => {};

  beforeAll(async () => {
    site = http.createServer((request, response) => {
      const page = () =>
        response.end(`<html><head><title>${request.url}</title></head><body><p>A page at ${request.url}
          with enough words to read as a document about harbours and their lighthouses.</p></body></html>`);
      response.writeHead(200, { 'Content-Type': 'text/html' });
      if (!request.url?.startsWith('/race/')) return page();
      held.push(page);
      if (held.length === RACERS) allHeld();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    databaseUrl = await freshPostgresDatabase();
    s3 = await startLocalS3();
    const env = {
      S3_BUCKET: s3.config.bucket,
      S3_ENDPOINT: s3.config.endpoint ?? '',
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      OUTBOUND_ALLOW_HOSTS: siteUrl.replace('http://', ''),
      DOCS_FREE_FILES_PER_DAY: '1',
      DATABASE_URL: databaseUrl,
      OFFLINE_MODEL_CHUNK_DELAY_MS: '15',
      ANSWER_LEASE_MS: '1200',
      VISIT_RATE_LIMIT_PER_MINUTE: String(VISITS_PER_MINUTE),
      // Each test's guests come from their own address, so only the limit test meets the limit.
      TRUST_PROXY: '1',
      // A light proof of work: the test solves one.
      CAPTCHA_COST: '50',
      CAPTCHA_MAX_COUNTER: '100',
    };
    // Started together: they take turns at the migrations of the empty database.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await new Promise((resolve) => site?.close(resolve));
    await s3?.close();
  });

  async function guestAt(url: string, ip = `198.51.100.${nextIp++}`) {
    const response = await call<{ token: string }>(url, 'POST', '/api/v1/auth/visit', {
      body: { sign: await visitSign(url) },
      headers: { 'X-Forwarded-For': ip },
    });
    return response.body;
  }
  async function guest(url: string) {
    const body = await guestAt(url);
    if (body.code !== 200) throw new Error(`visit failed: ${body.msg}`);
    return body.data.token;
  }
  const channelOf = async (url: string, token: string, channelId: string) =>
    (await call<ChannelDetail>(url, 'POST', '/api/v1/chat/getChannel', { token, body: { channelId } })).body
      .data;
  const answerOf = async (url: string, token: string, channelId: string) =>
    (await channelOf(url, token, channelId)).messages.at(-1)!;

  function expectOnceEach(chunks: { chunkId: number }[]) {
    const ids = chunks.map((c) => c.chunkId);
    expect(ids).toEqual(ids.map((_id, i) => i));
  }

  /** A presentation with the longest outline, ready for its slides; answers its id. */
  async function longPresentation(url: string, token: string, name: string) {
    const presentationId = `pres-${name}`;
    const outline = await presentationStream(url, token, {
      requestId: `outline-${name}`,
      presentationId,
      step: 'outline',
      topic: 'Harbours',
    });
    expect(outline.done).toEqual({ status: 'done' });
    const edited = await call(url, 'POST', '/api/v1/presentation/updateOutline', {
      token,
      body: { presentationId, title: LONG_TITLE, outline: LONG_OUTLINE },
    });
    expect(edited.body.code).toBe(200);
    return presentationId;
  }
  const slidesOf = (chunks: PresentationChunk[]) => chunks.map((c) => c.slide);
  const allSlides = LONG_OUTLINE.map((section) => offlineSlide(section, LONG_TITLE, 'en'));
  const storedPresentation = async (url: string, token: string, presentationId: string) =>
    (
      await call<Presentation>(url, 'GET', `/api/v1/presentation/get?presentationId=${presentationId}`, {
        token,
      })
    ).body.data;
  /** How many chunks of the answer or presentation run of this request id are stored. */
  async function storedChunkCount(requestId: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select (select count(*) from presentation_run_chunks where request_id = $1)
              + (select count(*) from message_chunks c join messages m on m.id = c.message_id
                 where m.request_id = $1 and m.role = 'assistant') as n`,
        [requestId],
      );
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  }
  /** The instance whose lease the presentation run's row names (`<pid>-<random>`). */
  async function presentationRunOwner(requestId: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select lease_owner from presentation_runs where request_id = $1', [
        requestId,
      ]);
      const owner = String(rows[0]?.lease_owner);
      return [a, b].find((instance) => owner.startsWith(`${instance.pid()}-`)) ?? null;
    } finally {
      await client.end();
    }
  }

  it('an answer started on A and resumed on B arrives whole and once', async () => {
    const token = await guest(a.url);
    const message = longQuestion('harbour');
    const first = await streamSend(
      a.url,
      token,
      { requestId: 'resume-on-b', message },
      { stopAfterChunks: 5 },
    );
    const rest = await streamSend(b.url, token, { requestId: 'resume-on-b', message }, { lastEventId: 4 });
    expect(rest.done).toEqual({ status: 'done' });
    const all = [...first.chunks, ...rest.chunks];
    expectOnceEach(all);
    expect(joinContent(all)).toBe(composeOfflineAnswer([{ role: 'user', content: message }]));
    const stored = await answerOf(b.url, token, first.meta!.channelId);
    expect(stored).toMatchObject({ status: 'done', content: joinContent(all) });
  });

  it('a presentation outline started on A and resumed on B arrives whole and once', async () => {
    const token = await guest(a.url);
    const body = {
      requestId: 'outline-resume-on-b',
      presentationId: 'pres-resume-on-b',
      step: 'outline',
      topic: 'Harbours: quays, cranes and tides',
    };
    const first = await presentationStream(a.url, token, body, { stopAfterChunks: 2 });
    const rest = await presentationStream(b.url, token, body, { lastEventId: 1 });
    expect(rest.done).toEqual({ status: 'done' });
    const all = [...first.chunks, ...rest.chunks];
    expectOnceEach(all);
    const expected = outlineFromTopic(body.topic, 'en');
    expect(all[0].title).toBe(expected.title);
    expect(all.flatMap((c) => (c.section ? [c.section] : []))).toEqual(expected.sections);
    expect((await storedPresentation(b.url, token, body.presentationId)).outline).toEqual(expected.sections);
  });

  it('restarting B does not touch the answer A is streaming', async () => {
    const token = await guest(a.url);
    // Long enough to outlast B's restart on a busy machine; stopped once checked.
    const message = longQuestion('lighthouse').repeat(4);
    const seen = await streamSend(
      a.url,
      token,
      { requestId: 'a-keeps-its-answer', message },
      { stopAfterChunks: 3 },
    );
    const channelId = seen.meta!.channelId;
    await b.kill();
    await b.restart();
    // B's start-up is over: A's answer is still being written, not failed.
    expect((await answerOf(a.url, token, channelId)).status).toBe('streaming');
    // A still owns it: a stop asked through B reaches A, which ends it with what it wrote.
    expect(
      (await call(b.url, 'POST', '/api/v1/chat/stop', { token, body: { requestId: 'a-keeps-its-answer' } }))
        .body.code,
    ).toBe(200);
    const ended = await waitFor(
      () => answerOf(a.url, token, channelId),
      (answer) => answer.status !== 'streaming',
    );
    expect(ended.status).toBe('stopped');
    expect(composeOfflineAnswer([{ role: 'user', content: message }]).startsWith(ended.content)).toBe(true);
    expect(ended.content.startsWith(joinContent(seen.chunks))).toBe(true);
  });

  it('restarting B does not touch the slides A is making', async () => {
    const token = await guest(a.url);
    const presentationId = await longPresentation(a.url, token, 'a-keeps-its-slides');
    const body = { requestId: 'slides-a-keeps', presentationId, step: 'slides' };
    // About 3.6 s of slides; B's start-up (its sweep of interrupted runs) falls inside them.
    const making = presentationStream(a.url, token, body);
    await b.kill();
    await b.restart();
    const made = await making;
    expect(made.done).toEqual({ status: 'done' });
    expectOnceEach(made.chunks);
    expect(slidesOf(made.chunks)).toEqual(allSlides);
    // Made by A from start to end: B's start-up did not take it.
    expect(await presentationRunOwner(body.requestId)).toBe(a);
  });

  it('slides A is making: a client on B follows them and a stop asked through B reaches A', async () => {
    const token = await guest(a.url);
    const presentationId = await longPresentation(a.url, token, 'a-stops-its-slides');
    const body = { requestId: 'slides-a-stops', presentationId, step: 'slides' };
    const seen = await presentationStream(a.url, token, body, { stopAfterChunks: 2 });
    const followed = await presentationStream(b.url, token, body, { lastEventId: 1, stopAfterChunks: 1 });
    expect(followed.chunks[0]).toMatchObject({ chunkId: 2, done: 3 });
    expect(
      (await call<boolean>(b.url, 'POST', '/api/v1/presentation/stop', { token, body: { presentationId } }))
        .body.data,
    ).toBe(true);
    const rest = await presentationStream(b.url, token, body, { lastEventId: 2 });
    expect(rest.done).toEqual({ status: 'stopped' });
    const all = [...seen.chunks, ...followed.chunks, ...rest.chunks];
    expectOnceEach(all);
    expect(slidesOf(all)).toEqual(allSlides.slice(0, all.length));
    expect(all.length).toBeLessThan(allSlides.length);
    expect(await presentationRunOwner(body.requestId)).toBe(a);
  });

  it('a guest sign made with the key A served is accepted by B', async () => {
    const visit = await call<{ token: string }>(b.url, 'POST', '/api/v1/auth/visit', {
      body: { sign: await visitSign(a.url) },
      headers: { 'X-Forwarded-For': `198.51.100.${nextIp++}` },
    });
    expect(visit.body.code).toBe(200);
  });

  it("an editor picture's address given by A opens on B; a stranger gets none from B", async () => {
    const owner = await guest(a.url);
    // Sent straight to the shared bucket (the S3 POST names its uploader): no instance saw the bytes go by.
    const hash = await docsClient(a.url, owner).upload(makePng(60, 40, 5));
    const given = await call<{ url: string }>(a.url, 'GET', `/api/v1/writing/imageUrl?md5=${hash}`, {
      token: owner,
    });
    expect(given.body.code).toBe(200);
    const served = await fetch(`${b.url}${given.body.data.url}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    const stranger = await guest(b.url);
    const refused = await call(b.url, 'GET', `/api/v1/writing/imageUrl?md5=${hash}`, { token: stranger });
    expect(refused.status).toBe(404);
    expect((await fetch(`${b.url}/api/v1/writing/image/${hash}`)).status).toBe(404);
  });

  it('a human check solved for A passes on B', async () => {
    const sent = await call(b.url, 'POST', '/api/v1/auth/toLoginByEmailValidationCode', {
      body: { email: 'across@example.com' },
      headers: { 'Cf-Captcha-Token': await solveCaptcha(a.url), 'X-Forwarded-For': `198.51.100.${nextIp++}` },
    });
    expect(sent.body.code).toBe(200);
  });

  it(`a per-IP limit of ${VISITS_PER_MINUTE} guest visits a minute holds at ${VISITS_PER_MINUTE} across instances`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < VISITS_PER_MINUTE * 2; i++)
      codes.push((await guestAt(i % 2 ? b.url : a.url, '203.0.113.9')).code);
    expect(codes.filter((code) => code === 200)).toHaveLength(VISITS_PER_MINUTE);
  });

  it('document creations racing on two instances for the last free slot: exactly one is kept', async () => {
    const token = await guest(a.url);
    const arrived = new Promise<void>((resolve) => {
      allHeld = resolve;
    });
    const racing = Promise.all(
      Array.from({ length: RACERS }, (_v, i) =>
        docsClient(i % 2 ? b.url : a.url, token).create({ url: `${siteUrl}/race/page-${i}` }),
      ),
    );
    // Both fetched their page. New documents are held back (the table locked against inserts, not reads)
    // while they read and save: without a lock across instances both pass the quota check and wait to
    // insert; with it one waits to insert and the other waits for the lock, to check after the first.
    await arrived;
    const blocker = new pg.Client({ connectionString: databaseUrl });
    // Watched from outside the blocker's transaction, whose view of pg_stat_activity would stay as first read.
    // Only the racers count: their insert of the document, or their wait for the advisory lock.
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([blocker.connect(), watcher.connect()]);
    await blocker.query('begin');
    await blocker.query('lock table documents in exclusive mode');
    for (const page of held) page();
    held = [];
    try {
      await waitFor(
        async () =>
          Number(
            (
              await watcher.query(
                `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
                 and (query like 'insert into "documents"%' or query like '%pg_advisory_xact_lock%')`,
              )
            ).rows[0].n,
          ),
        (waiting) => waiting >= RACERS,
        20_000,
      );
    } finally {
      await blocker.query('commit');
      await Promise.all([blocker.end(), watcher.end()]);
    }
    const results = await racing;
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === ResponseCode.UsageExceedsLimit)).toHaveLength(RACERS - 1);
  });

  it('the pictures of a document asked for on A and B at once are read once: what a client listed stays', async () => {
    const token = await guest(a.url);
    const pages = [
      { text: 'Harbour map, first page.', images: [makePng(120, 80, 7), makePng(90, 70, 11)] },
      { text: 'Crane chart.', images: [makePng(200, 100, 3)] },
    ];
    // Uploaded once to the shared bucket; A starts reading the pictures as soon as the document is made.
    const created = await docsClient(a.url, token).uploadAndCreate(
      await makePdfWithImages(pages),
      'harbour.pdf',
    );
    const md5 = created.body.data.md5;
    const listed = async (url: string) =>
      (
        await call<DocumentImagesPage>(url, 'POST', DocImagePaths.getImages, {
          token,
          body: { md5, limit: 50 },
        })
      ).body.data.images.map((image) => image.imageId);
    const extractThenList = async (url: string) => {
      const extraction = await call<ImageExtraction>(url, 'POST', DocImagePaths.extractImage, {
        token,
        body: { md5 },
      });
      expect(extraction.body.data).toMatchObject({ state: 'done', imageCount: 3 });
      return listed(url);
    };
    const [onA, onB] = await Promise.all([extractThenList(a.url), extractThenList(b.url)]);
    const final = await listed(b.url);
    expect(final).toHaveLength(3);
    // A second reading would have replaced the pictures (new ids): one listing would point at none of them.
    expect(onA).toEqual(final);
    expect(onB).toEqual(final);
  });

  it('A stalled longer than its lease: B continues the answer and A’s client still gets it whole and once', async () => {
    const token = await guest(a.url);
    const message = longQuestion('fjord');
    const streaming = streamSend(a.url, token, { requestId: 'a-stalls-mid-answer', message });
    // Stalled once A is writing the answer (a chunk stored), however slowly the machine got there.
    await waitFor(
      () => storedChunkCount('a-stalls-mid-answer'),
      (count) => count >= 1,
      20_000,
    );
    a.signal('SIGSTOP');
    // Stale after 1.2 s; B looks every 0.4 s.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    a.signal('SIGCONT');
    const result = await streaming;
    expect(result.done).toEqual({ status: 'done' });
    expectOnceEach(result.chunks);
    const whole = composeOfflineAnswer([{ role: 'user', content: message }]);
    expect(joinContent(result.chunks)).toBe(whole);
    expect(await answerOf(b.url, token, result.meta!.channelId)).toMatchObject({
      status: 'done',
      content: whole,
    });
  });

  it('A stalled longer than its lease: B continues the slides and A’s client still gets them whole and once', async () => {
    const token = await guest(a.url);
    const presentationId = await longPresentation(a.url, token, 'a-stalls-mid-slides');
    const body = { requestId: 'slides-a-stalls', presentationId, step: 'slides' };
    const streaming = presentationStream(a.url, token, body);
    // Stalled once A is making them (its first slide stored), however slowly the machine got there.
    await waitFor(
      () => storedChunkCount(body.requestId),
      (count) => count >= 1,
      20_000,
    );
    a.signal('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    a.signal('SIGCONT');
    const result = await streaming;
    expect(result.done).toEqual({ status: 'done' });
    expectOnceEach(result.chunks);
    expect(slidesOf(result.chunks)).toEqual(allSlides);
    expect(await presentationRunOwner(body.requestId)).toBe(b);
    expect((await storedPresentation(a.url, token, presentationId)).slides).toEqual(allSlides);
  });

  it('B shut down gracefully mid-answer: it hands the answer over and the client resuming on A gets it whole', async () => {
    expect((await fetch(`${b.url}/api/v1/ready`)).status).toBe(200);
    const token = await guest(b.url);
    const message = longQuestion('tide');
    const seen = await streamSend(
      b.url,
      token,
      { requestId: 'b-hands-over', message },
      { stopAfterChunks: 5 },
    );
    await b.terminate();
    const rest = await streamSend(a.url, token, { requestId: 'b-hands-over', message }, { lastEventId: 4 });
    expect(rest.done).toEqual({ status: 'done' });
    const all = [...seen.chunks, ...rest.chunks];
    expectOnceEach(all);
    expect(joinContent(all)).toBe(composeOfflineAnswer([{ role: 'user', content: message }]));
    await b.restart();
  });

  // Last: it kills A for good.
  it('A killed mid-answer: B takes the answer and the slides over and the client resuming on B gets every character once', async () => {
    const token = await guest(a.url);
    const presentationId = await longPresentation(a.url, token, 'a-dies-mid-slides');
    const slides = { requestId: 'slides-a-dies', presentationId, step: 'slides' };
    const seenSlides = await presentationStream(a.url, token, slides, { stopAfterChunks: 2 });
    const message = longQuestion('glacier');
    const seen = await streamSend(
      a.url,
      token,
      { requestId: 'a-dies-mid-answer', message },
      { stopAfterChunks: 10 },
    );
    await a.kill();
    const lastId = seen.chunks.at(-1)!.chunkId;
    const rest = await streamSend(
      b.url,
      token,
      { requestId: 'a-dies-mid-answer', message },
      { lastEventId: lastId },
    );
    expect(rest.done).toEqual({ status: 'done' });
    const all = [...seen.chunks, ...rest.chunks];
    expectOnceEach(all);
    const whole = composeOfflineAnswer([{ role: 'user', content: message }]);
    expect(joinContent(all)).toBe(whole);
    expect(await answerOf(b.url, token, seen.meta!.channelId)).toMatchObject({
      status: 'done',
      content: whole,
    });

    const restSlides = await presentationStream(b.url, token, slides, {
      lastEventId: seenSlides.chunks.at(-1)!.chunkId,
    });
    expect(restSlides.done).toEqual({ status: 'done' });
    const allSlideChunks = [...seenSlides.chunks, ...restSlides.chunks];
    expectOnceEach(allSlideChunks);
    expect(slidesOf(allSlideChunks)).toEqual(allSlides);
    expect(await presentationRunOwner(slides.requestId)).toBe(b);
  });
});
