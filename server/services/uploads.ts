// Upload grants: a presigned POST for a file named by its md5, or word that the store already holds it.
import type { PresignedPost } from '../../src/api/contract.js';
import type { StorageConfig } from '../config.js';
import { badRequest } from '../http/errors.js';
import { type ObjectStore, objectKeyForMd5 } from '../providers/storage/object-store.js';

export function createUploadService(deps: { store: ObjectStore; config: StorageConfig }) {
  const { store, config } = deps;
  return {
    async presign(md5: string, bucket?: string): Promise<PresignedPost> {
      if (bucket && bucket !== store.bucket) throw badRequest('upload.bucketUnknown');
      const key = objectKeyForMd5(md5);
      const [exists, post] = await Promise.all([
        store.exists(key),
        store.presignPost({
          key,
          maxBytes: config.maxUploadBytes,
          expiresInSeconds: config.uploadUrlTtlSeconds,
        }),
      ]);
      return exists ? { ...post, exists: true } : post;
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
