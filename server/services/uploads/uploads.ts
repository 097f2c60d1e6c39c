// Upload grants: a presigned POST for a file named by its md5, or word that the caller already stored it.
// "Already stored" is answered only for files the caller proved they hold: knowing an md5 is not having
// the file, and telling a stranger that a file is stored would leak it (and used to hand it over).
import type { PresignedPost } from '../../../common/contract/index.js';
import type { StorageConfig } from '../../config.js';
import { badRequest } from '../../errors.js';
import { type ObjectStore, objectKeyForMd5 } from '../../providers/storage/object-store.js';
import type { Caller } from '../auth/sessions.js';
import type { ObjectUploads } from './object-uploads.js';

export function createUploadService(deps: {
  store: ObjectStore;
  objectUploads: ObjectUploads;
  config: StorageConfig;
}) {
  const { store, config } = deps;

  /** The caller proved they hold the file, and it is stored. A POST straight to S3 is not seen by Parley:
   * there the grant's holder is read back from the object's metadata. */
  async function holdsStored(userId: string, md5: string): Promise<boolean> {
    const key = objectKeyForMd5(md5);
    if (await deps.objectUploads.holds(userId, md5)) return store.exists(key);
    return (await store.uploaderOf(key)) === userId;
  }

  return {
    /** Whether the user proved they hold these stored bytes (uploaded them, or had them read as a document). */
    holds: holdsStored,

    async presign(caller: Caller, md5: string, bucket?: string): Promise<PresignedPost> {
      if (bucket && bucket !== store.bucket) throw badRequest('upload.bucketUnknown');
      const key = objectKeyForMd5(md5);
      const [exists, post] = await Promise.all([
        holdsStored(caller.userId, md5.toLowerCase()),
        store.presignPost({
          key,
          maxBytes: config.maxUploadBytes,
          expiresInSeconds: config.uploadUrlTtlSeconds,
          // The grant names its holder: the upload that uses it is recorded as theirs.
          uploader: caller.userId,
        }),
      ]);
      return exists ? { ...post, exists: true } : post;
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
