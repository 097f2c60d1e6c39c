// Documents written by others, read as Parley reads them: test files of Apache Tika, pdf.js and mammoth.js
// (pdf, doc, docx, ppt, pptx, rtf), each parsed in the parse worker (OCR on) and compared with a reference:
// poppler's pdftotext for the text and pdfinfo for the pages of a pdf, pandoc for the text of a docx or rtf,
// antiword for a doc, catdoc's catppt for a ppt (each where installed), the slide parts of a pptx, Word's own
// page count (docProps/app.xml) for a docx whose pages are not estimated. Prints the success rate per type,
// page-count agreement, median and p95 parse time and the word recall.
//
// The files are copied once into a cache outside the repository (PARLEY_BENCH_CORPUS, default
// ~/.cache/parley-bench-corpus) from local git clones of those projects (PARLEY_BENCH_REPOS: folders
// separated by ':', each a clone or a bare repository of apache/tika, mozilla/pdf.js or mwilliamson/mammoth.js).
// Without either, the benchmark says so and is skipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocumentParseError, type ParseKind, parseInWorker } from '../server/services/documents/parse';
import { createParseQueue } from '../server/services/documents/parse-queue';
import { readZip } from '../server/services/documents/zip-reader.mjs';
import { wordRecall } from '../tests/helpers/word-recall';

const CACHE = process.env.PARLEY_BENCH_CORPUS || path.join(os.homedir(), '.cache', 'parley-bench-corpus');
const REPOS = (process.env.PARLEY_BENCH_REPOS || '').split(':').filter(Boolean);
const TYPES = ['pdf', 'docx', 'pptx', 'doc', 'ppt', 'rtf'] as const;
type FileType = (typeof TYPES)[number];
/** Test-document folders of those projects; pdf.js keeps hundreds of pdfs, one in PDFJS_EVERY is taken. */
const FOLDERS = /(?:test-documents|test\/pdfs|test\/test-data)\/[^/]+\.(pdf|docx|pptx|doc|ppt|rtf)$/i;
const PDFJS_EVERY = 12;
const MAX_BYTES = 5 * 1024 * 1024;
/** A reference "reads" a file when it gets at least this many words from it. */
const MIN_REFERENCE_WORDS = 5;

const git = (repo: string, args: string[]) =>
  execFileSync('git', ['-C', repo, ...args], { maxBuffer: 64 * 1024 * 1024 });

/** Copies the chosen test files of each repository into the cache (once; named <repo>__<file>). */
function fillCache(): void {
  fs.mkdirSync(CACHE, { recursive: true });
  for (const repo of REPOS) {
    const name = path.basename(repo === '.' ? process.cwd() : repo.replace(/\/(repo|\.git)\/?$/, ''));
    const seen = new Set<string>();
    const rows = git(repo, ['ls-tree', '-r', '-l', 'HEAD'])
      .toString('utf8')
      .split('\n')
      .map((line) => /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.+)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) <= MAX_BYTES && FOLDERS.test(m[3]))
      .sort((a, b) => a[3].localeCompare(b[3]));
    let pdfjs = 0;
    for (const [, blob, , file] of rows) {
      // Tika keeps the same file in several modules: one copy each.
      if (seen.has(blob)) continue;
      seen.add(blob);
      if (file.startsWith('test/pdfs/') && pdfjs++ % PDFJS_EVERY !== 0) continue;
      const target = path.join(CACHE, `${name}__${path.basename(file)}`);
      if (!fs.existsSync(target)) fs.writeFileSync(target, git(repo, ['cat-file', 'blob', blob]));
    }
  }
}

const typeOf = (file: string) => path.extname(file).slice(1).toLowerCase() as FileType;

function tool(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, {
      maxBuffer: 64 * 1024 * 1024,
      timeout: 60_000,
      stdio: 'pipe',
    }).toString('utf8');
  } catch {
    return null;
  }
}

// pandoc's plain text marks struck-out, raised and lowered letters inside a word (ita~~li~~c): plain letters.
const PANDOC = ['-t', 'plain-strikeout-superscript-subscript', '--wrap=none'];

/**
 * The reference's text and page count, where there is a reference for the type. A pdf has a second text,
 * pdftotext's -raw (the order the content stream draws it): its default layout order cuts rotated and
 * overlapping words into pieces ("lov" "es" for "loves"), which no reader that keeps words whole can match.
 */
function reference(
  file: string,
  bytes: Buffer,
): { text: string | null; raw?: string | null; pages: number | null } {
  const type = typeOf(file);
  if (type === 'pdf') {
    const info = tool('pdfinfo', [file]);
    const pages = info ? Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? Number.NaN) : Number.NaN;
    return {
      text: tool('pdftotext', ['-enc', 'UTF-8', file, '-']),
      raw: tool('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']),
      pages: Number.isFinite(pages) ? pages : null,
    };
  }
  // antiword writes [pic] where a picture is: not the file's text.
  if (type === 'doc')
    return {
      text: tool('antiword', ['-m', 'UTF-8.txt', file])?.replace(/\[pic\]/g, '') ?? null,
      pages: null,
    };
  if (type === 'ppt') return { text: tool('catppt', ['-d', 'utf-8', file]), pages: null };
  if (type === 'rtf') return { text: tool('pandoc', ['-f', 'rtf', ...PANDOC, file]), pages: null };
  const text = type === 'docx' ? tool('pandoc', ['-f', 'docx', ...PANDOC, file]) : null;
  try {
    const zip = readZip(bytes);
    if (type === 'pptx')
      return { text: null, pages: zip.names().filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length };
    if (type === 'docx') {
      const app = zip.read('docProps/app.xml')?.toString('utf8') ?? '';
      const pages = Number(/<Pages>(\d+)<\/Pages>/.exec(app)?.[1] ?? Number.NaN);
      return { text, pages: Number.isFinite(pages) ? pages : null };
    }
  } catch {
    // Not a zip (an encrypted or misnamed file): no page count.
  }
  return { text, pages: null };
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

interface Row {
  file: string;
  type: FileType;
  ok: boolean;
  reason: string;
  ms: number;
  pages: number | null;
  estimated: boolean;
  referencePages: number | null;
  referenceWords: number;
  recall: number | null;
  /** The better of the recalls against pdftotext's two orders (pdf only). */
  bestRecall: number | null;
  ocr: boolean;
}

export async function benchDocCorpus(): Promise<void> {
  if (REPOS.length) fillCache();
  const files = fs.existsSync(CACHE)
    ? fs
        .readdirSync(CACHE)
        .filter((name) => (TYPES as readonly string[]).includes(typeOf(name)))
        .sort()
        .map((name) => path.join(CACHE, name))
    : [];
  if (files.length === 0) {
    console.log(
      `doc corpus: skipped (no files in ${CACHE}; set PARLEY_BENCH_REPOS to clones of apache/tika, mozilla/pdf.js, mwilliamson/mammoth.js)`,
    );
    return;
  }
  const queue = createParseQueue(1);
  const rows: Row[] = [];
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    const type = typeOf(file);
    const ref = reference(file, bytes);
    const referenceWords = ref.text ? words(ref.text) : 0;
    const started = performance.now();
    const row: Row = {
      file: path.basename(file),
      type,
      ok: false,
      reason: '',
      ms: 0,
      pages: null,
      estimated: false,
      referencePages: ref.pages,
      referenceWords,
      recall: null,
      bestRecall: null,
      ocr: false,
    };
    try {
      const parsed = await parseInWorker(type as ParseKind, bytes, {
        timeoutMs: 30_000,
        maxHeapMb: 256,
        queue,
        maxPages: 100,
        ocr: { languages: ['eng'], timeoutMs: 120_000 },
        onProgress: () => {
          row.ocr = true;
        },
      });
      const text = parsed.pages.join('\n');
      row.ok = words(text) > 0;
      row.reason = row.ok ? '' : 'no text';
      row.pages = parsed.pages.length;
      row.estimated = parsed.estimated;
      if (ref.text && referenceWords >= MIN_REFERENCE_WORDS) {
        row.recall = wordRecall(ref.text, text);
        row.bestRecall = Math.max(row.recall, ref.raw ? wordRecall(ref.raw, text) : 0);
      }
    } catch (error) {
      row.reason = error instanceof DocumentParseError ? error.reason : String(error);
    }
    row.ms = performance.now() - started;
    rows.push(row);
  }
  report(rows);
}

function report(rows: Row[]): void {
  // Every file's figures, for a closer look at the failures.
  fs.writeFileSync(
    path.join(CACHE, 'results.json'),
    JSON.stringify(rows.map((row) => ({ ...row, ms: Math.round(row.ms) }))),
  );
  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
  console.log(`\ndoc corpus: ${rows.length} files from ${CACHE}`);
  console.log('| type | files | read | success | median ms | p95 ms | failures |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const type of [...TYPES, 'all'] as const) {
    const of = rows.filter((row) => type === 'all' || row.type === type);
    if (!of.length) continue;
    const read = of.filter((row) => row.ok).length;
    const reasons = new Map<string, number>();
    for (const row of of.filter((r) => !r.ok)) reasons.set(row.reason, (reasons.get(row.reason) ?? 0) + 1);
    const times = of.map((row) => row.ms);
    console.log(
      `| ${type} | ${of.length} | ${read} | ${pct(read, of.length)} | ${Math.round(quantile(times, 0.5))} | ${Math.round(quantile(times, 0.95))} | ${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')} |`,
    );
  }
  const paged = rows.filter((row) => row.ok && row.referencePages !== null && !row.estimated);
  for (const type of ['pdf', 'pptx', 'docx'] as const) {
    const of = paged.filter((row) => row.type === type);
    const same = of.filter((row) => row.pages === row.referencePages).length;
    console.log(
      `page count agrees (${type}, reference ${type === 'pdf' ? 'pdfinfo' : type === 'pptx' ? 'slide parts' : "Word's docProps/app.xml, pages not estimated"}): ${same}/${of.length} (${pct(same, of.length)})`,
    );
  }
  const referenced = rows.filter((row) => row.type === 'pdf' && row.referenceWords >= MIN_REFERENCE_WORDS);
  const recalls = referenced.map((row) => row.recall ?? 0);
  const good = recalls.filter((r) => r >= 0.95).length;
  const best = referenced.filter((row) => (row.bestRecall ?? 0) >= 0.95).length;
  console.log(
    `pdfs pdftotext reads (>= ${MIN_REFERENCE_WORDS} words): ${referenced.length}; median word recall ${quantile(recalls, 0.5).toFixed(3)}; read with recall >= 0.95: ${good}/${referenced.length} (${pct(good, referenced.length)}) against its layout text, ${best}/${referenced.length} (${pct(best, referenced.length)}) against the better of its layout and -raw texts`,
  );
  for (const type of TYPES) {
    const of = rows.filter((row) => row.type === type && row.referenceWords >= MIN_REFERENCE_WORDS);
    if (!of.length) continue;
    const scores = of.map((row) => row.bestRecall ?? row.recall ?? 0);
    const low = of.filter((row) => (row.bestRecall ?? row.recall ?? 0) < 0.95);
    console.log(
      `${type}: the reference reads ${of.length}; median word recall ${quantile(scores, 0.5).toFixed(3)}; >= 0.95: ${of.length - low.length}/${of.length} (${pct(of.length - low.length, of.length)})${low.length ? `; below: ${low.map((row) => `${row.file} ${(row.bestRecall ?? row.recall ?? 0).toFixed(2)}${row.ok ? '' : ` (${row.reason})`}`).join(', ')}` : ''}`,
    );
  }
  const all = rows.filter((row) => row.referenceWords >= MIN_REFERENCE_WORDS);
  const allGood = all.filter((row) => (row.bestRecall ?? row.recall ?? 0) >= 0.95).length;
  console.log(
    `all types: the references read ${all.length}; read with word recall >= 0.95: ${allGood}/${all.length} (${pct(allGood, all.length)})`,
  );
  const scanned = rows.filter(
    (row) => row.type === 'pdf' && row.referenceWords < MIN_REFERENCE_WORDS && row.ocr,
  );
  console.log(
    `pdfs with pages read by OCR (pdftotext < ${MIN_REFERENCE_WORDS} words): ${scanned.length}, with text: ${scanned.filter((r) => r.ok).length}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDocCorpus();
