// A local stand-in for the internet services search talks to: a SearXNG-compatible JSON endpoint, the arXiv
// API and a pdf the web results link to (so Read Document can open it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePdf } from '../../helpers/doc-fixtures';

export async function startSearchSite() {
  const pdf = await makePdf([
    'Bee thermoregulation. Page one introduces the winter cluster.',
    'Page two measures the core temperature of the cluster at 35 degrees.',
  ]);
  const slowPdf = await makePdf(['A slower paper about hive ventilation.']);
  let base = '';
  const web = Array.from({ length: 9 }, (_v, i) => ({
    url: i === 0 ? `${base}/papers/bees.pdf` : `https://site${i}.example/bees-${i}`,
    title: i === 0 ? 'Bee thermoregulation (pdf)' : `Bees and warmth, part ${i}`,
    content: `Result ${i + 1}: honey bees keep warm in winter by clustering and shivering.`,
    publishedDate: `2024-0${(i % 9) + 1}-01`,
  }));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/search') {
      const results = web.map((r, i) =>
        i === 0
          ? { ...r, url: `${base}/papers/bees.pdf` }
          : i === 1
            ? { ...r, url: `${base}/papers/slow.pdf` }
            : r,
      );
      return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
    }
    if (url.pathname === '/api/query') {
      return response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(
        `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2101.00001v1</id>
<published>2021-01-01T00:00:00Z</published><title>Thermal regulation in honey bee clusters</title>
<summary>We model how a bee cluster keeps warm in winter.</summary></entry></feed>`,
      );
    }
    if (url.pathname === '/papers/bees.pdf')
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    // A slow server: long enough to see Read Document loading.
    if (url.pathname === '/papers/slow.pdf') {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/pdf' }).end(slowPdf), 1500);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => server.close() };
}
