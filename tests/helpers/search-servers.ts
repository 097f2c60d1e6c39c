// Local HTTP servers speaking the search protocols Parley's adapters use: SearXNG's JSON format and the
// arXiv API's Atom feed. They record the queries they were sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SearchServer {
  url: string;
  queries: URLSearchParams[];
  fail: boolean;
  close(): void;
}

function serve(
  handler: (query: URLSearchParams, response: http.ServerResponse) => void,
): Promise<SearchServer> {
  const state: SearchServer = { url: '', queries: [], fail: false, close: () => server.close() };
  const server = http.createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    state.queries.push(query);
    if (state.fail) return response.writeHead(500).end('down');
    handler(query, response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(state);
    }),
  );
}

export const startSearxng = (
  results: { url: string; title: string; content: string; publishedDate?: string }[],
) =>
  serve((query, response) => {
    if (query.get('format') !== 'json') return response.writeHead(403).end('format not allowed');
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ query: query.get('q'), results }));
  });

export const startArxiv = (entries: { id: string; title: string; summary: string; published: string }[]) =>
  serve((_query, response) => {
    const body = entries
      .map(
        (e) => `<entry><id>http://arxiv.org/abs/${e.id}</id><published>${e.published}</published>
<title>${e.title}</title><summary>${e.summary}</summary>
<link href="http://arxiv.org/abs/${e.id}" rel="alternate" type="text/html"/>
<link title="pdf" href="http://arxiv.org/pdf/${e.id}" rel="related" type="application/pdf"/></entry>`,
      )
      .join('\n');
    response
      .writeHead(200, { 'content-type': 'application/atom+xml' })
      .end(`<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">${body}</feed>`);
  });
