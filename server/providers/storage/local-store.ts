// The embedded object store: objects are files under <dataDir>/objects, written atomically (temp file,
// then rename) so a dropped upload never leaves a half object that `exists` would report.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createLocalMultipart } from './local-multipart.js';
import type { ObjectStore, PresignPostOptions } from './object-store.js';
import { encodePolicy, POLICY_ALGORITHM, type PolicyCondition, signPolicy } from './post-policy.js';

export const LOCAL_POST_PATH = '/py/api/v1/storage/post';

export interface LocalObjectStore extends ObjectStore {
  readonly kind: 'local';
  readonly bucket: string;
  readonly secret: Buffer;
  /** Absolute file path of a key (validated). */
  pathOf(key: string): string;
  /** A fresh temp file in the store's own file system, so the final rename is atomic. */
  tempPath(): string;
  /** Moves a fully received and verified temp file into place. */
  commit(temp: string, key: string): Promise<void>;
}

/** Keys are relative paths of plain segments; anything that could climb out of the store is refused. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function loadOrCreateSecret(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

export function createLocalObjectStore(options: {
  dataDir: string;
  bucket: string;
  /** Explicit signing secret; default: made once and kept in <dataDir>/keys/upload-signing.key. */
  secret?: string | null;
}): LocalObjectStore {
  const root = path.join(options.dataDir, 'objects');
  const tmp = path.join(root, '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const secret = options.secret
    ? crypto.createHash('sha256').update(options.secret).digest()
    : loadOrCreateSecret(path.join(options.dataDir, 'keys', 'upload-signing.key'));

  const pathOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe object key: ${key}`);
    return path.join(root, key);
  };
  const tempPath = () => path.join(tmp, crypto.randomBytes(12).toString('hex'));
  const commit = async (temp: string, key: string) => {
    const file = pathOf(key);
    // Never outside the store, and never over a folder (a key that names one, like 'uploads').
    if (!path.resolve(file).startsWith(path.resolve(root) + path.sep))
      throw new Error(`key outside the store: ${key}`);
    const target = await fsp.stat(file).catch(() => null);
    if (target && !target.isFile()) throw new Error(`key names a folder: ${key}`);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.rename(temp, file);
  };

  return {
    kind: 'local',
    bucket: options.bucket,
    secret,
    pathOf,
    tempPath,
    commit,
    multipart: createLocalMultipart({ root, tempPath, commit }),

    async presignPost({ key, maxBytes, contentTypes, expiresInSeconds, uploader }: PresignPostOptions) {
      pathOf(key);
      const fields: Record<string, string> = { key };
      const conditions: PolicyCondition[] = [
        { bucket: options.bucket },
        { key },
        { 'x-amz-algorithm': POLICY_ALGORITHM },
        ['content-length-range', 0, maxBytes],
      ];
      if (uploader) {
        fields['x-amz-meta-uploader'] = uploader;
        conditions.push({ 'x-amz-meta-uploader': uploader });
      }
      if (contentTypes?.length === 1) {
        fields['Content-Type'] = contentTypes[0] as string;
        conditions.push(['eq', '$Content-Type', contentTypes[0] as string]);
      } else {
        conditions.push(['starts-with', '$Content-Type', '']);
      }
      const policy = encodePolicy({
        expiration: new Date(Date.now() + expiresInSeconds * 1000).toISOString(),
        conditions,
      });
      Object.assign(fields, {
        'X-Amz-Algorithm': POLICY_ALGORITHM,
        Policy: policy,
        'X-Amz-Signature': signPolicy(secret, policy),
      });
      // Relative: the route answers it against the address the caller used.
      return { url: `${LOCAL_POST_PATH}/${options.bucket}`, fields };
    },

    async exists(key) {
      return fs.existsSync(pathOf(key));
    },
    async getBytes(key) {
      return fsp.readFile(pathOf(key));
    },
    async getStream(key): Promise<Readable> {
      const file = pathOf(key);
      await fsp.access(file);
      return fs.createReadStream(file);
    },
    async put(key, body) {
      const temp = tempPath();
      await fsp.writeFile(temp, body);
      await commit(temp, key).catch(async (error) => {
        await fsp.rm(temp, { force: true });
        throw error;
      });
    },
    async size(key) {
      try {
        return (await fsp.stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    // The embedded store sees every upload itself and reports its uploader when it arrives.
    async uploaderOf() {
      return null;
    },
  };
}
