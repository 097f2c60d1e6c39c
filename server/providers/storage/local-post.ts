// Receives a browser POST upload for the embedded store, streaming: the policy is checked when the file
// part begins (fields come first, as S3 requires), the body is hashed and counted as it is written to a
// temp file, and only a complete, in-range file whose md5 matches an md5 key becomes the object. Field
// names are case-insensitive and may appear once, as in S3: `Key` and `key` are one field.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { isSafeKey, type LocalObjectStore } from './local-store.js';
import { checkPolicy } from './post-policy.js';

export type PostOutcome =
  | {
      ok: true;
      key: string;
      etag: string;
      size: number;
      sha256: string;
      /** The signed `x-amz-meta-uploader` field: whom the grant was given to. */
      uploader: string | null;
    }
  | { ok: false; status: 400 | 403 | 404; code: string; message: string };

const MD5_KEY = /(?:^|\/)([0-9a-f]{32})$/;

const refuse = (status: 400 | 403 | 404, code: string, message: string): PostOutcome => ({
  ok: false,
  status,
  code,
  message,
});

export function receiveLocalPost(
  store: LocalObjectStore,
  bucket: string,
  contentType: string,
  body: Readable,
  now = new Date(),
): Promise<PostOutcome> {
  if (bucket !== store.bucket) {
    body.resume();
    return Promise.resolve(refuse(404, 'NoSuchBucket', 'The specified bucket does not exist'));
  }
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 50, fieldSize: 64 * 1024, files: 1, parts: 60 },
      });
    } catch {
      body.resume();
      return resolve(refuse(400, 'MalformedPOSTRequest', 'The body is not multipart/form-data'));
    }
    // Names lower-cased: S3 matches form fields case-insensitively, so 'Key' is the key.
    const fields: Record<string, string> = {};
    let duplicate: string | null = null;
    let outcome: Promise<PostOutcome> | null = null;

    parser.on('field', (rawName, value) => {
      // S3 ignores fields after the file.
      if (outcome) return;
      const name = rawName.toLowerCase();
      if (Object.hasOwn(fields, name)) duplicate ??= name;
      else fields[name] = value;
    });
    parser.on('file', (name, file) => {
      if (outcome || name.toLowerCase() !== 'file') {
        file.resume();
        return;
      }
      if (duplicate) {
        file.resume();
        outcome = Promise.resolve(
          refuse(400, 'InvalidArgument', `The form field ${duplicate} is given more than once`),
        );
        return;
      }
      outcome = receiveFile(store, bucket, fields, file, now);
    });
    parser.on('error', () => {
      body.unpipe(parser);
      body.resume();
      resolve(refuse(400, 'MalformedPOSTRequest', 'The body of the POST request is not well-formed'));
    });
    parser.on('close', () => {
      resolve(
        outcome ?? refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.'),
      );
    });
    // A client that goes away mid-body: the half file is dropped by the file stream's error.
    body.on('error', () => {
      parser.destroy(new Error('request aborted'));
      resolve(refuse(400, 'IncompleteBody', 'The request body ended before the file was complete'));
    });
    body.pipe(parser);
  });
}

function receiveFile(
  store: LocalObjectStore,
  bucket: string,
  fields: Record<string, string>,
  file: Readable,
  now: Date,
): Promise<PostOutcome> {
  const checked = checkPolicy(store.secret, fields, bucket, now);
  const key = fields.key ?? '';
  if ('code' in checked || !isSafeKey(key)) {
    file.resume();
    return Promise.resolve(
      'code' in checked
        ? refuse(403, checked.code, checked.message)
        : refuse(400, 'InvalidArgument', 'The key is not a valid object name'),
    );
  }
  const temp = store.tempPath();
  const out = fs.createWriteStream(temp);
  const hash = crypto.createHash('md5');
  const sha256 = crypto.createHash('sha256');
  let size = 0;
  let tooLarge = false;
  return new Promise((resolve) => {
    const drop = async (result: PostOutcome) => {
      out.destroy();
      await fsp.rm(temp, { force: true });
      resolve(result);
    };
    out.on('error', () => {
      file.resume();
      void drop(refuse(400, 'InternalError', 'The object could not be written'));
    });
    file.on('error', () => {
      void drop(refuse(400, 'IncompleteBody', 'The request body ended before the file was complete'));
    });
    file.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > checked.maxBytes) {
        // Keep reading to the end of the body (so the answer reaches the client) but store nothing more.
        tooLarge = true;
        out.destroy();
        return;
      }
      hash.update(chunk);
      sha256.update(chunk);
      if (!out.write(chunk)) {
        file.pause();
        out.once('drain', () => file.resume());
      }
    });
    file.on('end', () => {
      if (tooLarge) {
        void drop(refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
        return;
      }
      out.end(async () => {
        if (size < checked.minBytes)
          return drop(
            refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'),
          );
        const md5 = hash.digest('hex');
        const expected = MD5_KEY.exec(key)?.[1];
        if (expected && expected !== md5)
          return drop(refuse(400, 'BadDigest', 'The MD5 of the file does not match the md5 its key names'));
        try {
          await store.commit(temp, key);
        } catch {
          // E.g. the key names a folder: nothing is replaced, and no error escapes this callback.
          return drop(refuse(400, 'InvalidArgument', 'The key cannot be stored as an object'));
        }
        resolve({
          ok: true,
          key,
          etag: `"${md5}"`,
          size,
          sha256: sha256.digest('hex'),
          uploader: fields['x-amz-meta-uploader'] ?? null,
        });
      });
    });
  });
}

/** The error body S3 answers, so a client handles both stores the same way. */
export function s3ErrorXml(code: string, message: string): string {
  const xml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${xml(code)}</Code><Message>${xml(message)}</Message></Error>`;
}
