import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const DIAGRAM_PACKAGES =
  /node_modules\/(mermaid|@mermaid-js|cytoscape[^/]*|katex|dagre[^/]*|d3[^/]*|roughjs|khroma|langium|chevrotain[^/]*|@chevrotain|lodash-es|dayjs|@braintree|marked|stylis|ts-dedent|vscode-[^/]*|internmap|delaunator|robust-predicates|@iconify|@upsetjs|cose-base|layout-base|dompurify)\//;
const isDiagramOnly = (moduleIds: readonly string[]) =>
  moduleIds.length > 0 &&
  moduleIds.every((id) => DIAGRAM_PACKAGES.test(id) || id.includes('/src/ui/markdown/MermaidDiagram'));

/**
 * The files the page cannot start without: the entry chunk, every chunk it imports statically (read from the
 * build manifest, transitively) and their CSS. Everything else (pages, locales, workers) is cached on first use.
 */
function shellFiles(viteManifestPath: string): Set<string> {
  type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
  const chunks: Record<string, Chunk> = JSON.parse(fs.readFileSync(viteManifestPath, 'utf8'));
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(chunks)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * pdf.js decodes JBIG2 (most black-and-white scans), JPEG 2000 and ICC colours with WebAssembly it fetches by name
 * from `wasmUrl` (src/ui/documents/PdfView.tsx); without them a scanned page is drawn blank. The files are emitted
 * under a folder named for the pdf.js version (assets are cached for good, so a new version gets a new folder),
 * with the JavaScript fallbacks pdf.js takes where WebAssembly cannot run.
 */
function pdfjsWasm(): Plugin {
  const folder = path.join(import.meta.dirname, 'node_modules/pdfjs-dist/wasm');
  const { version } = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'node_modules/pdfjs-dist/package.json'), 'utf8'),
  ) as { version: string };
  const files = [
    'jbig2.wasm',
    'openjpeg.wasm',
    'qcms_bg.wasm',
    'jbig2_nowasm_fallback.js',
    'openjpeg_nowasm_fallback.js',
  ];
  const prefix = `/assets/pdfjs-${version}/`;
  return {
    name: 'parley-pdfjs-wasm',
    // The dev server has no build output: it serves the same files from the package.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = request.url?.startsWith(prefix) ? request.url.slice(prefix.length).split('?')[0] : '';
        if (!files.includes(file)) return next();
        response.setHeader('Content-Type', file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
        response.end(fs.readFileSync(path.join(folder, file)));
      });
    },
    generateBundle() {
      for (const file of files)
        this.emitFile({
          type: 'asset',
          fileName: `assets/pdfjs-${version}/${file}`,
          source: fs.readFileSync(path.join(folder, file)),
        });
    },
  };
}

// The build's output folder as resolved (a test builds into a temporary one): the shell is read from its manifest.
let outDir = path.resolve(import.meta.dirname, 'dist');

const apiTarget = process.env.PARLEY_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    {
      name: 'parley-out-dir',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    react(),
    pdfjsWasm(),
    VitePWA({
      // The app registers the worker itself through workbox-window, to show its own update prompt.
      injectRegister: null,
      registerType: 'prompt',
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png', '403.html'],
      manifest: {
        name: 'Parley',
        short_name: 'Parley',
        description: 'Your self-hosted AI assistant',
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        display: 'standalone',
        id: '/',
        start_url: '/',
        scope: '/',
        // Install sheets show these (a narrow one on phones, a wide one on desktops).
        screenshots: [
          {
            src: '/screenshots/home-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Parley on a phone',
          },
          {
            src: '/screenshots/home-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Parley on a desktop',
          },
        ],
        shortcuts: [
          { name: 'New chat', url: '/', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          {
            name: 'Chat with a document',
            url: '/chatwithdoc',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          { name: 'Writing', url: '/writing', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Not even read: neither diagram code nor the install sheet's screenshots is part of the shell.
        globIgnores: ['assets/lazy/**', 'screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Precache the shell only (a phone's first visit downloads what it runs, not every page of the app):
        // the page, theme.js and the start-up chunks. The icons and the web manifest are added after this.
        manifestTransforms: [
          (entries) => {
            const shell = shellFiles(path.join(outDir, '.vite/manifest.json'));
            const manifest = entries.filter(
              (entry) => entry.url === 'index.html' || entry.url === 'theme.js' || shell.has(entry.url),
            );
            return { manifest, warnings: [] };
          },
        ],
        // First use happens before the worker controls the page too: clientsClaim lets it take the open
        // page at once, and the page then asks again for the chunks it loaded before (UpdatePrompt.tsx).
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/py\//,
          /^\/bloom\//,
          /^\/dev\//,
          /\/403\.html$/,
          /^\/pay\//,
        ],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'parley-lazy-assets', expiration: { maxEntries: 200 } },
          },
        ],
      },
    }),
    // Every text asset also as .br and .gz beside it; the server sends the smallest the browser accepts.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    proxy: { '/api': apiTarget, '/py': apiTarget, '/bloom': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          isDiagramOnly(chunk.moduleIds) ? 'assets/lazy/[name]-[hash].js' : 'assets/[name]-[hash].js',
        // Everything the page starts with (the entry's static imports, about 37 chunks of 0.1-30 KB each) is one
        // chunk: a phone on a slow network pays a round trip per request on each of its few connections, and all
        // of these are needed before anything is drawn. The entry (index.html, main.tsx) stays its own chunk.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], test: (id) => !/\/(index\.html|src\/main\.tsx)$/.test(id) },
            // The chat page with the small modules it shares with other pages (the composer's attachments, voice,
            // prompts): a chat's address loaded them as about 10 chunks of 0.1-4 KB. A page that shares one of
            // them now loads this chunk (7-13 KB more as sent for workspace, chat-with-doc, writing and share).
            { name: 'ChatPage', test: /\/src\/ui\/chat\/ChatPage\.tsx$/ },
          ],
        },
      },
    },
  },
});
