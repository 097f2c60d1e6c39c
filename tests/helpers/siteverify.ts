// A real local HTTP server standing in for Cloudflare Turnstile: siteverify (form-encoded POST of secret,
// response and remoteip; answers { success, "error-codes", challenge_ts, hostname }), and for browser
// tests a widget script with Turnstile's render()/remove() API whose button hands out an issued token.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const WIDGET_SCRIPT = (tokenUrl: string) => `
window.turnstile = {
  render(element, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'I am human';
    button.setAttribute('data-testid', 'fake-turnstile');
    button.onclick = async () => {
      const response = await fetch(${JSON.stringify(tokenUrl)}, { method: 'POST' });
      options.callback(await response.text());
    };
    element.append(button);
    element.setAttribute('data-sitekey', options.sitekey);
    return 'widget-1';
  },
  remove() {},
};
`;

export async function startSiteverify(secret: string) {
  const issued = new Set<string>();
  const spent = new Set<string>();
  const requests: Record<string, string>[] = [];
  let counter = 0;
  let base = '';
  const issue = () => {
    const token = `0.turnstile-token-${++counter}-${Date.now()}`;
    issued.add(token);
    return token;
  };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/turnstile/v0/api.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(WIDGET_SCRIPT(`${base}/widget/token`));
    }
    if (req.method === 'POST' && req.url === '/widget/token') {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      return res.end(issue());
    }
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
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/turnstile/v0/siteverify`,
    scriptUrl: `${base}/turnstile/v0/api.js`,
    requests,
    /** What the widget would hand the browser after a visitor passes. */
    issue,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
