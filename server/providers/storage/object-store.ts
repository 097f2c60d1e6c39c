// The object store behind uploads: the embedded local store (files under the data dir, S3-style presigned
// POST checked by Parley) or S3-compatible storage. Objects are keyed by the file's md5 (see objectKeyForMd5).
import type { Readable } from 'node:stream';
import type { PresignedPost } from '../../../common/contract/documents.js';

export interface PresignPostOptions {
  key: string;
  /** Largest accepted body in bytes. */
  maxBytes: number;
  /** Accepted content types (exact match), or undefined for any. */
  contentTypes?: string[];
  expiresInSeconds: number;
  /** Signed into the grant as `x-amz-meta-uploader` (kept as the object's metadata): whom it was given to. */
  uploader?: string;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** The bucket presigned posts go to (the default `bucket` of getPresignedPost). */
  readonly bucket: string;
  presignPost(options: PresignPostOptions): Promise<PresignedPost>;
  exists(key: string): Promise<boolean>;
  /** The whole object; callers bound the size before asking (documents are parsed in memory). */
  getBytes(key: string): Promise<Buffer>;
  getStream(key: string): Promise<Readable>;
  /** Server-side writes (generated images, presentations, tests). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  size(key: string): Promise<number | null>;
  /** Deletes an object; a key that is not there is not an error (an account's deletion may run twice). */
  remove(key: string): Promise<void>;
  /** The uploader the last presigned POST to `key` was granted to (S3 keeps it as metadata); null if unknown. */
  uploaderOf(key: string): Promise<string | null>;
  /** Resumable uploads: parts arrive through Parley in any order and may be sent again. */
  readonly multipart: MultipartStore;
}

export interface MultipartStore {
  /** Starts a multipart upload for `key`; the answer names it in the other calls. */
  create(key: string, contentType: string): Promise<string>;
  /** Stores one part (replacing an earlier copy); answers its ETag (the md5 of the part, quoted). */
  putPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string>;
  /**
   * Joins the parts in order. `key` appears only when the joined bytes hash to `md5`; otherwise nothing
   * is kept and the answer is false.
   */
  complete(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
    md5: string,
  ): Promise<boolean>;
  abort(key: string, uploadId: string): Promise<void>;
}

export const objectKeyForMd5 = (md5: string) => `uploads/${md5.toLowerCase()}`;
