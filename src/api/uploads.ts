// Sending a file to the object store, named by its md5 (hashed in the worker). Small files: one presigned
// POST. Large files: the resumable protocol, which asks what already arrived and sends
// only the missing parts, retrying each part through drops, so a reload continues where it stopped.

import {
  type CompletedUpload,
  DocumentPaths,
  type PresignedPost,
  RESUMABLE_MIN_BYTES,
  type StartUploadResponse,
  type UploadedPart,
  UploadPaths,
} from '../../common/contract';
import { md5OfFile } from '../workers/md5';
import { ApiError, readEnvelope, request, requestHeaders } from './http';

/** A refusal of the object store itself (S3 error XML), kept as its code for translation. */
export class StoreError extends Error {
  constructor(readonly storeCode: string) {
    super(storeCode);
  }
}

export interface SendOptions {
  signal?: AbortSignal;
  /** 0..100 over hashing (first 20) and sending (the rest). */
  onProgress?: (percent: number) => void;
  /** Waits between retries of a dropped part; tests shorten it. */
  retryDelayMs?: (attempt: number) => number;
}

export interface SentFile {
  md5: string;
  /** The server already had the file: nothing was sent. */
  instant: boolean;
}

const HASH_SHARE = 20;
const PARALLEL_PARTS = 3;
const MAX_PART_ATTEMPTS = 8;
const defaultDelay = (attempt: number) => Math.min(500 * 2 ** attempt, 8000);

export async function sendFile(file: File, options: SendOptions = {}): Promise<SentFile> {
  const report = options.onProgress ?? (() => {});
  const md5 = await md5OfFile(file, {
    signal: options.signal,
    onProgress: (done, total) => report(total === 0 ? HASH_SHARE : (done / total) * HASH_SHARE),
  });
  const sending = (fraction: number) => report(HASH_SHARE + fraction * (100 - HASH_SHARE));
  if (file.size <= RESUMABLE_MIN_BYTES) {
    const post = await request<PresignedPost>('GET', DocumentPaths.getPresignedPost, {
      query: { md5 },
      signal: options.signal,
      suppressAlert: true,
    });
    if (post.exists) return { md5, instant: true };
    await postToStore(post, file, sending, options.signal);
    return { md5, instant: false };
  }
  return sendResumable(file, md5, sending, options);
}

/** The browser-form POST to the presigned url; XHR for upload progress. No auth header. */
function postToStore(post: PresignedPost, file: File, onFraction: (f: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  if (!('Content-Type' in post.fields)) form.append('Content-Type', file.type || 'application/octet-stream');
  form.append('file', file);
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', post.url);
    xhr.upload.onprogress = (event) => event.lengthComputable && onFraction(event.loaded / event.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      const code = /<Code>([^<]+)<\/Code>/.exec(xhr.responseText ?? '')?.[1] ?? `HTTP${xhr.status}`;
      reject(new StoreError(code));
    };
    xhr.onerror = () => reject(new ApiError('network', 'Network error'));
    xhr.onabort = () => reject(new ApiError('cancelled', 'cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

async function sendResumable(
  file: File,
  md5: string,
  onFraction: (f: number) => void,
  options: SendOptions,
): Promise<SentFile> {
  const { signal } = options;
  const session = await request<StartUploadResponse>('POST', UploadPaths.start, {
    body: { md5, size: file.size, fileName: file.name, contentType: file.type || 'application/octet-stream' },
    signal,
    suppressAlert: true,
  });
  if (session.exists) return { md5, instant: true };
  const { uploadId, partSize, partCount } = session;
  const sizeOf = (n: number) => (n < partCount ? partSize : file.size - (partCount - 1) * partSize);
  let arrived = session.received.reduce((sum, n) => sum + sizeOf(n), 0);
  onFraction(arrived / Math.max(1, file.size));
  const missing = Array.from({ length: partCount }, (_, i) => i + 1).filter(
    (n) => !session.received.includes(n),
  );

  const worker = async () => {
    for (let n = missing.shift(); n !== undefined; n = missing.shift()) {
      await putPartWithRetry(file.slice((n - 1) * partSize, n * partSize), uploadId, n, options);
      arrived += sizeOf(n);
      onFraction(arrived / Math.max(1, file.size));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, missing.length) }, worker));
  await request<CompletedUpload>('POST', UploadPaths.complete, {
    body: { uploadId },
    signal,
    suppressAlert: true,
  });
  return { md5, instant: false };
}

async function putPartWithRetry(part: Blob, uploadId: string, partNumber: number, options: SendOptions) {
  const delay = options.retryDelayMs ?? defaultDelay;
  for (let attempt = 0; ; attempt++) {
    try {
      return await putPart(part, uploadId, partNumber, options.signal);
    } catch (error) {
      const retryable = error instanceof ApiError && !error.refused && error.kind !== 'cancelled';
      if (!retryable || attempt + 1 >= MAX_PART_ATTEMPTS) throw error;
      await sleep(delay(attempt), options.signal);
    }
  }
}

async function putPart(part: Blob, uploadId: string, partNumber: number, signal?: AbortSignal) {
  const url = new URL(UploadPaths.part, location.origin);
  url.searchParams.set('uploadId', uploadId);
  url.searchParams.set('partNumber', String(partNumber));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { ...requestHeaders(), 'Content-Type': 'application/octet-stream' },
      body: part,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw new ApiError('cancelled', 'cancelled');
    throw new ApiError('network', cause instanceof Error ? cause.message : 'Network error');
  }
  const envelope = await readEnvelope(response);
  if (response.ok && envelope?.code === 200) return envelope.data as UploadedPart;
  throw envelope
    ? new ApiError('envelope', envelope.msg, envelope.code, response.status, envelope)
    : new ApiError('http', `HTTP ${response.status}`, null, response.status);
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError('cancelled', 'cancelled'));
      },
      { once: true },
    );
  });
}
