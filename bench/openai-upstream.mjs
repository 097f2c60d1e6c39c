// A local OpenAI-compatible chat completions server for the stream benchmark, in a process of its own so
// its pacing does not share an event loop with the load or with Parley. Every streamed answer is 20 chunks
// 25 ms apart (the first at once), each due at a fixed time from the request, so a late timer does not push
// the rest back. Prints its port on stdout. Plain JavaScript: no TypeScript loader in the measured path.
import http from 'node:http';

const CHUNKS = Number(process.env.UPSTREAM_CHUNKS ?? 20);
const PACING_MS = Number(process.env.UPSTREAM_PACING_MS ?? 25);
const WORDS = ['Streams', ' reach', ' the', ' reader', ' one', ' piece', ' at', ' a', ' time', ','];

const chunk = (id, content, finish) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'bench',
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

const server = http.createServer((req, res) => {
  const started = performance.now();
  let raw = '';
  req.on('data', (part) => {
    raw += part;
  });
  req.on('end', () => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw || '{}');
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    if (!body.stream) {
      const content = Array.from({ length: CHUNKS }, (_v, i) => WORDS[i % WORDS.length]).join('');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          model: 'bench',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let sent = 0;
    let timer = null;
    const next = () => {
      if (res.destroyed) return;
      res.write(chunk(id, WORDS[sent % WORDS.length], null));
      sent += 1;
      if (sent < CHUNKS) {
        timer = setTimeout(next, Math.max(0, started + sent * PACING_MS - performance.now()));
        return;
      }
      res.end(`${chunk(id, null, 'stop')}data: [DONE]\n\n`);
    };
    res.on('close', () => clearTimeout(timer));
    next();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
