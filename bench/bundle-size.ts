// The gzip size of the JavaScript the home route loads: the entry, its static imports, and the lazily
// loaded chat page with its static imports (mermaid and other on-demand chunks are not counted).
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
      return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    });
  return { rows, raw: rows.reduce((s, r) => s + r.raw, 0), gzip: rows.reduce((s, r) => s + r.gzip, 0) };
}

export function printBundleSize() {
  const { rows, raw, gzip } = homeRouteJs();
  console.log('\n## Home route JavaScript\n');
  console.log('| file | raw KiB | gzip KiB |\n|---|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.file} | ${(row.raw / 1024).toFixed(1)} | ${(row.gzip / 1024).toFixed(1)} |`);
  console.log(`| **total** | **${(raw / 1024).toFixed(1)}** | **${(gzip / 1024).toFixed(1)}** |`);
}

if (import.meta.url === `file://${process.argv[1]}`) printBundleSize();
