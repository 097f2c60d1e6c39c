// Picks the object store from the configuration: S3-compatible storage when S3_BUCKET is set, else the
// embedded store under the data dir.
import type { Config } from '../../config.js';
import { createLocalObjectStore } from './local-store.js';
import type { ObjectStore } from './object-store.js';

export function createObjectStore(config: Pick<Config, 'dataDir' | 'storage'>): ObjectStore {
  const { storage } = config;
  if (storage.s3) throw new Error('S3 storage is not available in this build yet');
  return createLocalObjectStore({
    dataDir: config.dataDir,
    bucket: storage.localBucket,
    secret: storage.signingSecret,
  });
}
