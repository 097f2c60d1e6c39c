// What making chunks durable before they are sent costs: live answers append chunks at a steady pace to the
// chunk journal (one multi-row write for everything queued in a turn of the event loop) on the embedded
// PGlite, and each chunk's wait from append to publish (stored, then sent) is measured, with the number of
// database writes the journal made. Part of npm run bench.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/client';
import { channels, messages, users } from '../server/db/schema';
import { type AnswerRun, storeAnswerChunks } from '../server/services/chat/persist';
import { createChunkJournal, StreamRun } from '../server/services/stream-run';

const LEVELS = [1, 50, 200, 400];
const CHUNKS_PER_ANSWER = 40;
const PACE_MS = 20;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchChunkJournal() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-journal-'));
  const handle = await openDatabase({ databaseUrl: null, dataDir });
  const rows: string[] = [];
  try {
    const { db } = handle;
    await db.insert(users).values({ id: 'bench-user', kind: 'guest' });
    await db
      .insert(channels)
      .values({ id: 'bench-channel', ownerId: 'bench-user', name: 'bench', model: 'x' });
    let position = 0;
    for (const streams of LEVELS) {
      let writes = 0;
      const journal = createChunkJournal<AnswerRun>({
        store: (batch) => storeAnswerChunks(db, batch),
        onError: (error) => {
          throw error;
        },
        onStored: async () => {
          writes += 1;
        },
      });
      const runs: AnswerRun[] = [];
      for (let i = 0; i < streams; i++) {
        const id = `bench-${streams}-${i}`;
        await db.insert(messages).values({
          id,
          channelId: 'bench-channel',
          role: 'assistant',
          model: 'x',
          status: 'streaming',
          position: position++,
        });
        runs.push(
          new StreamRun(id, 'bench-user', {
            channelId: 'bench-channel',
            channelName: 'bench',
            userMessageId: '',
            answerMessageId: id,
            model: 'x',
          }),
        );
      }
      // Each chunk's wait: from its append to its publish (after the write that stored it).
      const waits: number[] = [];
      const appendedAt = new Map<string, number>();
      for (const run of runs)
        run.subscribe(-1, {
          chunk: (chunk) => {
            const at = appendedAt.get(`${run.requestId}:${chunk.chunkId}`);
            if (at !== undefined) waits.push(performance.now() - at);
          },
          done: () => {},
        });
      const started = performance.now();
      await Promise.all(
        runs.map(async (run, i) => {
          // Streams start spread over one pacing interval, as real answers do.
          await new Promise((resolve) => setTimeout(resolve, (i * PACE_MS) / streams));
          for (let n = 0; n < CHUNKS_PER_ANSWER; n++) {
            appendedAt.set(`${run.requestId}:${n}`, performance.now());
            journal.append(run, { content: `chunk ${n} of a bench answer. ` });
            await new Promise((resolve) => setTimeout(resolve, PACE_MS));
          }
          await journal.drain(run);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      waits.sort((a, b) => a - b);
      const chunks = streams * CHUNKS_PER_ANSWER;
      rows.push(
        `| ${streams} | ${chunks} | ${writes} | ${(chunks / Math.max(1, writes)).toFixed(1)} | ${percentile(waits, 50).toFixed(1)} | ${percentile(waits, 99).toFixed(1)} | ${(chunks / seconds).toFixed(0)} |`,
      );
    }
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n## Durable before sent: the chunk journal on PGlite (${CHUNKS_PER_ANSWER} chunks per answer, one every ${PACE_MS} ms)\n`,
  );
  console.log(
    '| live answers | chunks | database writes | chunks per write | p50 wait ms | p99 wait ms | chunks/s |\n|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of rows) console.log(row);
}
