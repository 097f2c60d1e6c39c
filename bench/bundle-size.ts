// The compressed size of the JavaScript the home route loads: the entry, its static imports, and the lazily
// loaded chat page with its static imports (mermaid and other on-demand chunks are not counted). Two figures:
// gzip level 9 of each file, and the bytes as sent to a browser that accepts brotli (every browser does over
// https): the build's .br file beside it, or the file itself when the build wrote none (under 1 KiB, or brotli
// did not make it smaller).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

export function homeRouteJs(distDir = 'dist') {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no entry in the manifest');
  visit(entryKey);
  const chatPage = Object.keys(manifest).find((key) => key.endsWith('src/ui/chat/ChatPage.tsx'));
  if (chatPage) visit(chatPage);
  const rows = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const bytes = fs.readFileSync(path.join(distDir, file));
      const br = path.join(distDir, `${file}.br`);
      const sent = fs.existsSync(br) ? fs.statSync(br).size : bytes.length;
      return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length, brotli: sent };
    });
  const sum = (key: 'raw' | 'gzip' | 'brotli') => rows.reduce((s, r) => s + r[key], 0);
  return { rows, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

export function printBundleSize() {
  const { rows, raw, gzip, brotli } = homeRouteJs();
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log('\n## Home route JavaScript\n');
  console.log('| file | raw KiB | gzip KiB | as sent (brotli) KiB |\n|---|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.file} | ${kib(row.raw)} | ${kib(row.gzip)} | ${kib(row.brotli)} |`);
  console.log(`| **total** | **${kib(raw)}** | **${kib(gzip)}** | **${kib(brotli)}** |`);
}

if (import.meta.url === `file://${process.argv[1]}`) printBundleSize();
