// Serves the built client on the same port as the API. The page carries the visit public key, so a
// guest's browser has it built in without another request, and the language and direction of the path's
// language (/ar/... is Arabic, right to left), so the first paint is already laid out the right way.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { DEFAULT_LANGUAGE, isLanguage, type Language, VISIT_KEY_META } from '../../src/api/contract.js';
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
  const pages = new Map<Language, string>();
  const pageIn = (language: Language) => {
    const html = indexHtml();
    if (!html) return null;
    let localized = pages.get(language);
    if (!localized) {
      const dir = language === 'ar' ? 'rtl' : 'ltr';
      localized = html.replace(/<html\b[^>]*>/i, `<html lang="${language}" dir="${dir}">`);
      pages.set(language, localized);
    }
    return localized;
  };
  const servePage = (c: Context<AppEnv>) => {
    // Only the path names the language here: a choice saved on the device is applied by the script.
    const first = c.req.path.split('/')[1];
    const html = pageIn(isLanguage(first) ? first : DEFAULT_LANGUAGE);
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
