// Time from upload to the first answer chunk for a 100-page pdf: presigned POST of the file, parse
// (POST /py/api/v1/chat/create, worker thread), open the document chat, ask, first streamed chunk.
// In-process server on PGlite with the offline model (no pacing), loopback only; 5 runs with fresh files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../server/start';
import { makePdf } from '../tests/helpers/doc-fixtures';
import { docsClient } from '../tests/helpers/docs';
import { newGuest } from '../tests/helpers/server';

const RUNS = 5;
const PAGES = 100;

function paragraph(page: number, run: number) {
  return `Run ${run}, page ${page}. ${'The harbour authority records tides, ship arrivals and cargo tonnage for each berth. '.repeat(8)}Page ${page} notes that berth ${page % 12} handled ${page * 37} tonnes.`;
}

async function firstChunkMs(url: string, token: string, channelId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/chat/send`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      requestId: crypto.randomUUID(),
      channelId,
      model: 'Standard',
      message: 'How many tonnes did berth 7 handle?',
    }),
  });
  const decoder = new TextDecoder();
  let text = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(bytes, { stream: true });
    if (text.includes('"content"')) {
      const at = performance.now() - started;
      await response.body?.cancel().catch(() => {});
      return at;
    }
  }
  throw new Error(`no answer chunk: ${text.slice(0, 300)}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchDocFirstAnswer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-docs-'));
  fs.mkdirSync(path.join(dataDir, 'no-client'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    logLevel: 'silent',
    staticDir: path.join(dataDir, 'no-client'),
    offlineModel: { chunkDelayMs: 0 },
    ai: { baseUrl: null, apiKey: '', modelMap: {}, timeoutMs: 30_000 },
    rateLimit: {
      visitsPerMinute: 1000,
      codeSendsPerHourPerIp: 1000,
      loginAttemptsPerHourPerIp: 1000,
      sharesPerHourPerUser: 1000,
    },
  });
  const phases = {
    upload: [] as number[],
    parse: [] as number[],
    chat: [] as number[],
    firstChunk: [] as number[],
    total: [] as number[],
  };
  let bytes = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const pdf = await makePdf(Array.from({ length: PAGES }, (_v, i) => paragraph(i + 1, run)));
      bytes = pdf.length;
      // A fresh guest per run: the free plan adds 2 new documents a day.
      const token = await newGuest(server.url);
      const docs = docsClient(server.url, token);
      const t0 = performance.now();
      const md5 = await docs.upload(pdf);
      const t1 = performance.now();
      const created = await docs.create({ md5, fileName: `harbour-${run}.pdf`, model: 'Standard' });
      if (created.body.code !== 200 || created.body.data.page_count !== PAGES)
        throw new Error(created.body.msg);
      const t2 = performance.now();
      const chat = await docs.chat({ md5 });
      const t3 = performance.now();
      const first = await firstChunkMs(server.url, token, chat.body.data.channel_id);
      phases.upload.push(t1 - t0);
      phases.parse.push(t2 - t1);
      phases.chat.push(t3 - t2);
      phases.firstChunk.push(first);
      phases.total.push(t3 - t0 + first);
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nDocument chat: upload to first answer, ${PAGES}-page pdf (${(bytes / 1024).toFixed(0)} KiB), ${RUNS} runs`,
  );
  console.log('phase                      median ms   best ms');
  for (const [name, values] of Object.entries(phases))
    console.log(
      `${name.padEnd(26)} ${median(values).toFixed(0).padStart(9)} ${Math.min(...values)
        .toFixed(0)
        .padStart(9)}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDocFirstAnswer();
