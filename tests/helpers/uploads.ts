// The resumable upload calls and a browser-like presigned POST, for server tests.
import crypto from 'node:crypto';
import {
  type CompletedUpload,
  type Envelope,
  type StartUploadResponse,
  type UploadedPart,
  UploadPaths,
} from '../../common/contract';
import { call } from './server';

export const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');

export function uploadClient(baseUrl: string, token: string) {
  return {
    start: (file: Buffer, fileName = 'big.pdf', hash = md5(file)) =>
      call<StartUploadResponse>(baseUrl, 'POST', UploadPaths.start, {
        token,
        body: { md5: hash, size: file.length, fileName, contentType: 'application/pdf' },
      }),
    async putPart(uploadId: string, partNumber: number, bytes: Buffer) {
      const response = await fetch(
        `${baseUrl}${UploadPaths.part}?uploadId=${encodeURIComponent(uploadId)}&partNumber=${partNumber}`,
        { method: 'PUT', headers: { Authorization: token }, body: new Uint8Array(bytes) },
      );
      return { status: response.status, body: (await response.json()) as Envelope<UploadedPart> };
    },
    complete: (uploadId: string) =>
      call<CompletedUpload>(baseUrl, 'POST', UploadPaths.complete, { token, body: { uploadId } }),
  };
}

export const partOf = (file: Buffer, partSize: number, partNumber: number) =>
  file.subarray((partNumber - 1) * partSize, partNumber * partSize);

/** Posts the fields in order, then the file, like a browser form; no auth header. */
export async function postForm(url: string, fields: Record<string, string>, file: Buffer, fileFirst = false) {
  const form = new FormData();
  const blob = new Blob([new Uint8Array(file)], { type: 'application/pdf' });
  if (fileFirst) form.append('file', blob, 'a.pdf');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (!fileFirst) form.append('file', blob, 'a.pdf');
  const response = await fetch(url, { method: 'POST', body: form });
  const text = await response.text();
  return { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null, text };
}
