// Serves the built client on the same port as the API. The page carries the visit public key, so a
// guest's browser has it built in without another request.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { VISIT_KEY_META } from '../../src/api/contract.js';
import type { AppEnv } from './context.js';

export function staticRoutes(staticDir: string, publicKeySpki: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(staticDir, 'index.html');
  let page: string | null = null;
  const indexHtml = () => {
    if (page === null && fs.existsSync(indexPath)) {
      page = fs
        .readFileSync(indexPath, 'utf8')
        .replace('</head>', `<meta name="${VISIT_KEY_META}" content="${publicKeySpki}"></head>`);
    }
    return page;
  };
  const servePage = (c: Context<AppEnv>) => {
    const html = indexHtml();
    if (!html)
      return c.text('The client is not built. Run `npm start` (it builds first) or `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };

  app.get('/', servePage);
  app.get('/index.html', servePage);
  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), staticDir) || '.',
      onFound: (filePath, c) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes('/assets/');
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  // Client-side routes (/chat/..., /ar/...) get the app shell; unknown API paths never do.
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/py/') || c.req.path.startsWith('/bloom/')) {
      return c.json({ code: 404, msg: 'Not found', data: null }, 404);
    }
    if (path.extname(c.req.path)) return c.text('Not found', 404);
    return servePage(c);
  });
  return app;
}
