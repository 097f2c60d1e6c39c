// One file's upload, with the states: 0 BeforeUpload, 1 Uploading, 2 Parsing, 3 Failed, 4 Success.
// While uploading, progress rises by 1 every 100 ms up to 99 (never 100 before the end); a real progress
// value replaces it only when higher. Any failure: Failed, progress 0, the error kept. Cancel: back to
// BeforeUpload (the file stays). Reset: the request is aborted and the file cleared.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  type CreateDocumentRequest,
  type CreatedDocument,
  DocumentPaths,
  MODEL_STANDARD,
  type ParseProgress,
  UploadStatus,
  type UploadStatusValue,
} from '../../common/contract';
import { ApiError, request } from '../api/http';
import { type SentFile, StoreError, sendFile } from '../api/uploads';

/** An error as a value; the UI turns it into words (see src/ui/documents/upload-errors.ts). */
export interface UploadErrorValue {
  stage: 'upload' | 'parse';
  /** The envelope code (1002, 20002, 1005, 20001 ...), when the server answered one. */
  code: number | null;
  /** The server's message, already in the user's language. */
  message: string | null;
  /** The pay-prompt source of a 20001 (which quota it was). */
  source?: string | null;
  /** The server says the same file is refused the same way again (damaged, protected, too long, no text). */
  final?: boolean;
  /** The object store's refusal (EntityTooLarge, AccessDenied ...). */
  storeCode: string | null;
  network: boolean;
}

export interface UploadContext {
  file: File | null;
  uploadStatus: UploadStatusValue;
  uploadProgress: number;
  uploadError: UploadErrorValue | null;
  md5: string | null;
  /** The server already had the file (nothing was sent). */
  instant: boolean;
  fileExtraInfo: Pick<CreatedDocument, 'topic' | 'language' | 'page_count' | 'pages_estimated'> | null;
  document: CreatedDocument | null;
  fromPpt: boolean;
  /** While parsing: the page without text being read (OCR), as the server last told it; null: none. */
  parseProgress: ParseProgress | null;
}

export type UploadEvent =
  | { type: 'UPLOAD'; file: File }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  | { type: 'RESET' }
  | { type: 'TICK' }
  | { type: 'PROGRESS'; percent: number }
  | { type: 'SENT'; result: SentFile }
  | { type: 'SEND_FAILED'; error: unknown }
  | { type: 'PARSE_PROGRESS'; progress: ParseProgress | null };

export const PROGRESS_TICK_MS = 100;
/** How often a parsing file asks how far the reading of its scanned pages has come. */
export const PARSE_PROGRESS_POLL_MS = 1500;
export const PROGRESS_CAP = 99;

export function toUploadError(stage: UploadErrorValue['stage'], error: unknown): UploadErrorValue {
  const base: UploadErrorValue = { stage, code: null, message: null, storeCode: null, network: false };
  if (error instanceof StoreError) return { ...base, storeCode: error.storeCode };
  if (error instanceof ApiError) {
    if (error.kind === 'network') return { ...base, network: true };
    if (error.kind === 'envelope')
      return {
        ...base,
        code: error.code,
        message: error.message,
        source: error.envelope?.source ?? null,
        final: error.envelope?.final === true,
      };
  }
  return base;
}

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { fromPpt?: boolean; file?: File } | undefined,
  },
  actors: {
    ticker: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'TICK' }), PROGRESS_TICK_MS);
      return () => clearInterval(timer);
    }),
    send: fromCallback<UploadEvent, { file: File }>(({ input, sendBack }) => {
      const controller = new AbortController();
      sendFile(input.file, {
        signal: controller.signal,
        onProgress: (percent) => sendBack({ type: 'PROGRESS', percent }),
      }).then(
        (result) => sendBack({ type: 'SENT', result }),
        (error) => {
          if (!controller.signal.aborted) sendBack({ type: 'SEND_FAILED', error });
        },
      );
      return () => controller.abort();
    }),
    // Scanned pages take seconds each: the server tells which one it reads while the create call waits.
    parseProgress: fromCallback<UploadEvent, { md5: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      const timer = setInterval(() => {
        request<ParseProgress | null>('GET', DocumentPaths.parseProgress, {
          query: { md5: input.md5 },
          signal: controller.signal,
          suppressAlert: true,
        }).then(
          (progress) => sendBack({ type: 'PARSE_PROGRESS', progress }),
          () => {},
        );
      }, PARSE_PROGRESS_POLL_MS);
      return () => {
        clearInterval(timer);
        controller.abort();
      };
    }),
    parse: fromPromise<CreatedDocument, CreateDocumentRequest>(({ input, signal }) =>
      request<CreatedDocument>('POST', DocumentPaths.createDocument, {
        body: input,
        signal,
        suppressAlert: true,
      }),
    ),
  },
  actions: {
    fail: assign((_, error: UploadErrorValue) => ({
      uploadStatus: UploadStatus.Failed,
      uploadProgress: 0,
      uploadError: error,
    })),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    file: input?.file ?? null,
    uploadStatus: UploadStatus.BeforeUpload,
    uploadProgress: 0,
    uploadError: null,
    md5: null,
    instant: false,
    fileExtraInfo: null,
    document: null,
    fromPpt: input?.fromPpt ?? false,
    parseProgress: null,
  }),
  initial: 'start',
  on: {
    RESET: {
      target: '.beforeUpload',
      actions: assign({ file: null, md5: null, instant: false, fileExtraInfo: null, document: null }),
    },
  },
  states: {
    // A file given at creation starts at once (several files dropped together).
    start: {
      always: [{ guard: ({ context }) => context.file !== null, target: 'uploading' }, 'beforeUpload'],
    },
    beforeUpload: {
      entry: assign({ uploadStatus: UploadStatus.BeforeUpload, uploadProgress: 0, uploadError: null }),
      on: {
        UPLOAD: { target: 'uploading', actions: assign({ file: ({ event }) => event.file }) },
        RETRY: { guard: ({ context }) => context.file !== null, target: 'uploading' },
      },
    },
    uploading: {
      entry: assign({ uploadStatus: UploadStatus.Uploading, uploadProgress: 0, uploadError: null }),
      invoke: [{ src: 'ticker' }, { src: 'send', input: ({ context }) => ({ file: context.file as File }) }],
      on: {
        TICK: {
          actions: assign({
            uploadProgress: ({ context }) => Math.min(PROGRESS_CAP, context.uploadProgress + 1),
          }),
        },
        PROGRESS: {
          actions: assign({
            uploadProgress: ({ context, event }) =>
              Math.max(context.uploadProgress, Math.min(PROGRESS_CAP, Math.floor(event.percent))),
          }),
        },
        SENT: {
          target: 'parsing',
          actions: assign({
            md5: ({ event }) => event.result.md5,
            instant: ({ event }) => event.result.instant,
          }),
        },
        SEND_FAILED: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => toUploadError('upload', event.error) },
        },
        CANCEL: 'beforeUpload',
      },
    },
    parsing: {
      entry: assign({ uploadStatus: UploadStatus.Parsing, parseProgress: null }),
      exit: assign({ parseProgress: null }),
      invoke: [
        { src: 'parseProgress', input: ({ context }) => ({ md5: context.md5 as string }) },
        {
          src: 'parse',
          input: ({ context }) => ({
            model: MODEL_STANDARD,
            md5: context.md5 as string,
            fileName: context.file?.name ?? 'file',
            fileContentType: context.file?.type || 'application/octet-stream',
            fromPpt: context.fromPpt,
          }),
          onDone: {
            target: 'success',
            actions: assign({
              document: ({ event }) => event.output,
              fileExtraInfo: ({ event }) => ({
                topic: event.output.topic,
                language: event.output.language,
                page_count: event.output.page_count,
                pages_estimated: event.output.pages_estimated,
              }),
            }),
          },
          onError: {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => toUploadError('parse', event.error) },
          },
        },
      ],
      on: {
        CANCEL: 'beforeUpload',
        PARSE_PROGRESS: { actions: assign({ parseProgress: ({ event }) => event.progress }) },
      },
    },
    failed: {
      on: {
        RETRY: { guard: ({ context }) => context.file !== null, target: 'uploading' },
        UPLOAD: { target: 'uploading', actions: assign({ file: ({ event }) => event.file }) },
        CANCEL: 'beforeUpload',
      },
    },
    success: {
      entry: assign({ uploadStatus: UploadStatus.Success, uploadProgress: 100 }),
      on: { UPLOAD: { target: 'uploading', actions: assign({ file: ({ event }) => event.file }) } },
    },
  },
});
