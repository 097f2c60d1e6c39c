import type { DocsConfig } from '../../server/config';

/** Document limits for tests: a small parser heap, so hostile files hit it quickly. */
export const testDocsConfig = (overrides: Partial<DocsConfig> = {}): DocsConfig => ({
  freeFilesPerDay: 100,
  parseTimeoutMs: 20_000,
  parseMaxHeapMb: 128,
  parseConcurrency: null,
  parseMemoryMb: null,
  parseMaxBytes: 50 * 1024 * 1024,
  urlMaxBytes: 5 * 1024 * 1024,
  urlTimeoutMs: 5000,
  images: { minSide: 64, maxCount: 50, maxTotalBytes: 20 * 1024 * 1024, maxPixels: 16_000_000 },
  search: { searxngUrl: null, arxivUrl: null, timeoutMs: 5000 },
  ocr: { enabled: true, timeoutMs: 60_000, languages: null, maxPixels: 50_000_000 },
  ...overrides,
});
