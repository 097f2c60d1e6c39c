// The object store behind uploads: the embedded local store (files under the data dir, S3-style presigned
// POST checked by Parley) or S3-compatible storage. Objects are keyed by the file's md5 (see objectKeyForMd5).
import type { Readable } from 'node:stream';
import type { PresignedPost } from '../../../src/api/contract-documents.js';

export interface PresignPostOptions {
  key: string;
  /** Largest accepted body in bytes. */
  maxBytes: number;
  /** Accepted content types (exact match), or undefined for any. */
  contentTypes?: string[];
  expiresInSeconds: number;
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
}

export const objectKeyForMd5 = (md5: string) => `uploads/${md5.toLowerCase()}`;
