// While many answers stream, their rows show each answer's text so far (readers of the channel list see it)
// and the final text after; the text of all live answers on an instance is written in one UPDATE per
// interval, not one per answer. A statement-level trigger on the real database counts those UPDATEs.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/db/schema';
import {
  DATABASES,
  joinContent,
  newGuest,
  type StreamResult,
  startTestServer,
  streamSend,
  type TestServer,
} from '../helpers/server';

const ANSWERS = 40;

describe.each(DATABASES)('live answers on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { persistIntervalMs: 100, offlineModel: { chunkDelayMs: 40 } });
    const { db } = server.services;
    // Each UPDATE statement of `messages` that changed the text of streaming answers: how many it changed.
    await db.execute(sql`create table answer_text_writes (id serial primary key, answers int not null)`);
    await db.execute(sql`create function count_answer_text_writes() returns trigger language plpgsql as $$
      begin
        insert into answer_text_writes (answers)
          select count(*) from new_rows n join old_rows o on o.id = n.id
          where n.content is distinct from o.content and n.status = 'streaming'
          having count(*) > 0;
        return null;
      end $$`);
    await db.execute(sql`create trigger answer_text_writes after update on messages
      referencing old table as old_rows new table as new_rows
      for each statement execute function count_answer_text_writes()`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('each answer shows its text while streaming and its final text after, written together', async () => {
    const { db } = server.services;
    const guests = await Promise.all(Array.from({ length: 4 }, () => newGuest(server.url)));
    const requestIds = Array.from({ length: ANSWERS }, (_v, i) => `live-text-${kind}-${i}`);
    const sends = requestIds.map((requestId, i) =>
      streamSend(server.url, guests[i % guests.length], {
        requestId,
        message: `Question ${i} about rivers, deltas and the boats that sail them`,
      }),
    );

    // While every answer streams, each row already holds part of its text.
    const answers = () =>
      db
        .select({ requestId: messages.requestId, content: messages.content, status: messages.status })
        .from(messages)
        .where(and(eq(messages.role, 'assistant'), inArray(messages.requestId, requestIds)));
    const deadline = Date.now() + 20_000;
    let live: Awaited<ReturnType<typeof answers>> = [];
    for (;;) {
      live = await answers();
      const streaming = live.filter((row) => row.status === 'streaming' && row.content.length > 0);
      if (streaming.length === ANSWERS) break;
      if (Date.now() > deadline || live.some((row) => row.status !== 'streaming'))
        throw new Error(`not all ${ANSWERS} answers showed text while streaming: ${streaming.length} did`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const results = await Promise.all(sends);
    const byRequest = new Map(results.map((result, i): [string, StreamResult] => [requestIds[i], result]));
    for (const result of results) expect(result.done).toEqual({ status: 'done' });
    // What was shown while streaming was the start of what was sent; the row now holds all of it.
    for (const row of live)
      expect(joinContent(byRequest.get(row.requestId ?? '')!.chunks).startsWith(row.content)).toBe(true);
    const final = await answers();
    expect(final).toHaveLength(ANSWERS);
    for (const row of final) {
      expect(row.status).toBe('done');
      expect(row.content).toBe(joinContent(byRequest.get(row.requestId ?? '')!.chunks));
    }

    // One UPDATE carried the text of many live answers (one per answer would carry one each).
    const { rows: writes } = (await db.execute(sql`select answers from answer_text_writes`)) as unknown as {
      rows: { answers: number }[];
    };
    const rows = writes.reduce((sum, w) => sum + Number(w.answers), 0);
    expect(writes.length).toBeGreaterThan(0);
    expect(Math.max(...writes.map((w) => Number(w.answers)))).toBeGreaterThanOrEqual(ANSWERS / 2);
    expect(writes.length).toBeLessThan(rows / 4);
  }, 60_000);
});
