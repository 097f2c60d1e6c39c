// Parses a document in a worker thread with a time limit and a heap limit: a zip bomb, a pdf that makes the
// parser loop or a file that exhausts memory ends that thread and answers a reason; the server goes on.
import { Worker } from 'node:worker_threads';

export type ParseKind = 'pdf' | 'docx' | 'pptx' | 'doc' | 'ppt' | 'html';
export type ParseFailure = 'broken' | 'bomb' | 'unreadable' | 'unsupported' | 'timeout' | 'memory';

export class DocumentParseError extends Error {
  constructor(
    readonly reason: ParseFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

export interface ParsedDocument {
  /** Text of each page (slide for presentations; about 3000 characters for formats without pages). */
  pages: string[];
  title: string;
}

const workerUrl = new URL('./parse-worker.mjs', import.meta.url);

export function parseInWorker(
  kind: ParseKind,
  bytes: Buffer,
  limits: ParseLimits,
  url = '',
): Promise<ParsedDocument> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes).buffer;
    const worker = new Worker(workerUrl, {
      workerData: { kind, bytes: copy, url },
      transferList: [copy],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxHeapMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() => reject(new DocumentParseError('timeout', `no result within ${limits.timeoutMs} ms`))),
      limits.timeoutMs,
    );
    worker.on(
      'message',
      (
        message:
          | { ok: true; pages: string[]; title: string }
          | { ok: false; reason: ParseFailure; message: string },
      ) =>
        settle(() =>
          message.ok
            ? resolve({ pages: message.pages, title: message.title })
            : reject(new DocumentParseError(message.reason, message.message)),
        ),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          new DocumentParseError(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'broken',
            error.message,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new DocumentParseError('broken', `parser exited with code ${code}`))),
    );
  });
}
