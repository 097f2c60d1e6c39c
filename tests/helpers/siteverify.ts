// A real local HTTP server speaking Cloudflare Turnstile's siteverify protocol: form-encoded POST of
// secret, response and remoteip; answers { success, "error-codes", challenge_ts, hostname }.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startSiteverify(secret: string) {
  const issued = new Set<string>();
  const spent = new Set<string>();
  const requests: Record<string, string>[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push(form);
      const answer = (body: object) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const fail = (...codes: string[]) => answer({ success: false, 'error-codes': codes });
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') return fail('bad-request');
      if (!form.secret) return fail('missing-input-secret');
      if (form.secret !== secret) return fail('invalid-input-secret');
      if (!form.response) return fail('missing-input-response');
      if (!issued.has(form.response)) return fail('invalid-input-response');
      if (spent.has(form.response)) return fail('timeout-or-duplicate');
      spent.add(form.response);
      answer({
        success: true,
        'error-codes': [],
        challenge_ts: new Date().toISOString(),
        hostname: 'localhost',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    /** What the widget would hand the browser after a visitor passes. */
    issue(): string {
      const token = `0.turnstile-token-${++counter}-${Date.now()}`;
      issued.add(token);
      return token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
