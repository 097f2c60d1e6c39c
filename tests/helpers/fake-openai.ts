// A local HTTP server speaking OpenAI's API (streamed chat completions and image generations) that stands
// in for an AI provider: answers come from a function of the request, and every request is recorded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface FakeOpenAi {
  /** Base URL ending in /v1. */
  url: string;
  chats: { model: string; messages: { role: string; content: string }[] }[];
  images: { model: string; prompt: string; size?: string; auth?: string }[];
  /** The streamed answer to a chat request. */
  answer: (messages: { role: string; content: string }[]) => string;
  /** 'b64' answers b64_json, 'url' answers a link to /files/image.png on this server, 'fail' a 400. */
  imageMode: 'b64' | 'url' | 'fail';
  close(): Promise<void>;
}

/** A real PNG of the given size and colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const FAKE_IMAGE = solidPng(8, 8, [200, 30, 60]);

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const state: FakeOpenAi = {
    url: '',
    chats: [],
    images: [],
    answer: () => 'Hello from the provider.',
    imageMode: 'b64',
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (part) => {
      raw += part;
    });
    req.on('end', () => {
      if (req.url === '/files/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' }).end(FAKE_IMAGE);
        return;
      }
      if (req.url === '/v1/images/generations') {
        const body = JSON.parse(raw);
        state.images.push({
          model: body.model,
          prompt: body.prompt,
          size: body.size,
          auth: req.headers.authorization,
        });
        if (state.imageMode === 'fail') {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: {
                message: 'Your prompt was rejected by the safety system.',
                type: 'invalid_request_error',
              },
            }),
          );
          return;
        }
        const item =
          state.imageMode === 'b64'
            ? { b64_json: FAKE_IMAGE.toString('base64'), revised_prompt: `A picture of ${body.prompt}` }
            : { url: `${state.url.replace(/\/v1$/, '')}/files/image.png` };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [item] }));
        return;
      }
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw);
      state.chats.push({ model: body.model, messages: body.messages });
      const text = state.answer(body.messages);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of text.match(/[\s\S]{1,12}/g) ?? []) {
        const chunk = {
          id: 'c1',
          object: 'chat.completion.chunk',
          created: 0,
          model: body.model,
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
