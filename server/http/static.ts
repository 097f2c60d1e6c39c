// Serves the built client on the same port as the API. The page carries the visit public key, so a
// guest's browser has it built in without another request, and the language and direction of the path's
// language (/ar/... is Arabic, right to left), so the first paint is already laid out the right way. Its boot
// shell (painted before the app's code arrives) gets the home page's recommended questions here, in every
// language, the same ones the landing answer gives the app.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  VISIT_KEY_META,
} from '../../common/contract/index.js';
import { recommendedQuestions } from '../content/landing-content.js';
import type { AppEnv } from './context.js';
import { localizedManifest, type WebManifest } from './web-manifest.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The recommended questions as the boot shell draws them: each in every language, the page's shown by CSS. */
export function bootQuestionsHtml(): string {
  const items = recommendedQuestions.map(
    (question) =>
      `<li><span class="boot-question"><span class="boot-question-icon"><svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><use href="#boot-icon-${question.icon}"/></svg></span>${LANGUAGES.map((language) => `<span data-lang="${language}" dir="auto">${escapeHtml(question.text[language])}</span>`).join('')}</span></li>`,
  );
  return `<ul class="boot-questions">${items.join('')}</ul>`;
}

export function staticRoutes(staticDir: string, publicKeySpki: string) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(staticDir, 'index.html');
  let page: string | null = null;
  const indexHtml = () => {
    if (page === null && fs.existsSync(indexPath)) {
      page = fs
        .readFileSync(indexPath, 'utf8')
        .replace('</head>', `<meta name="${VISIT_KEY_META}" content="${publicKeySpki}"></head>`)
        .replace('<!--boot:questions-->', bootQuestionsHtml());
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
      localized = html
        .replace(/<html\b[^>]*>/i, `<html lang="${language}" dir="${dir}">`)
        .replace('href="/manifest.webmanifest"', `href="/manifest.webmanifest?lang=${language}"`);
      pages.set(language, localized);
    }
    return localized;
  };
  // The page and the web manifest differ per language (the page also carries the key), so they are compressed
  // here (once per language and encoding) rather than at build time like the other assets.
  const compressed = new Map<string, Buffer>();
  const sendText = (c: Context<AppEnv>, key: string, text: string, contentType: string) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return c.body(text, 200, { 'Content-Type': contentType });
    let body = compressed.get(`${key}:${encoding}`);
    if (!body) {
      body = encoding === 'br' ? zlib.brotliCompressSync(text) : zlib.gzipSync(text);
      compressed.set(`${key}:${encoding}`, body);
    }
    return c.body(new Uint8Array(body), 200, { 'Content-Type': contentType, 'Content-Encoding': encoding });
  };
  const servePage = (c: Context<AppEnv>) => {
    // Only the path names the language here: a choice saved on the device is applied by the script.
    const first = c.req.path.split('/')[1];
    const language = isLanguage(first) ? first : DEFAULT_LANGUAGE;
    const html = pageIn(language);
    if (!html)
      return c.text('The client is not built. Run `npm start` (it builds first) or `npm run build`.', 503);
    return sendText(c, `page:${language}`, html, 'text/html; charset=UTF-8');
  };

  const manifestPath = path.join(staticDir, 'manifest.webmanifest');
  let builtManifest: WebManifest | null = null;
  const manifests = new Map<Language, string>();
  app.get('/manifest.webmanifest', async (c, next) => {
    if (builtManifest === null && fs.existsSync(manifestPath))
      builtManifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as WebManifest;
    if (!builtManifest) return next();
    // The app asks with its language (the page's link, kept in step by the app); anything else is English.
    const asked = c.req.query('lang');
    const language = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
    let text = manifests.get(language);
    if (!text) {
      text = JSON.stringify(localizedManifest(builtManifest, language));
      manifests.set(language, text);
    }
    return sendText(c, `manifest:${language}`, text, 'application/manifest+json');
  });

  app.get('/', servePage);
  app.get('/index.html', servePage);
  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), staticDir) || '.',
      // The build writes .br and .gz beside each text asset: sent by Accept-Encoding, with Vary set.
      precompressed: true,
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
