// Picks the object store from the configuration: S3-compatible storage when S3_BUCKET is set, else the
// embedded store under the data dir.
import type { Config } from '../../config.js';
import { createLocalObjectStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';
import { createS3ObjectStore } from './s3-store.js';

export function createObjectStore(config: Pick<Config, 'dataDir' | 'storage'>): ObjectStore {
  const { storage } = config;
  if (storage.s3) return createS3ObjectStore(storage.s3);
  return createLocalObjectStore({
    dataDir: config.dataDir,
    bucket: storage.localBucket,
    secret: storage.signingSecret,
  });
}
