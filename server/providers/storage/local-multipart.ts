// Multipart uploads for the embedded store: each part is a file under objects/.parts/<uploadId>, written
// atomically, so a part that was cut off never counts as received.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartStore } from './object-store.js';

export function createLocalMultipart(options: {
  root: string;
  tempPath: () => string;
  commit: (temp: string, key: string) => Promise<void>;
}): MultipartStore {
  const partsRoot = path.join(options.root, '.parts');
  const dirOf = (uploadId: string) => {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error('unknown upload');
    return path.join(partsRoot, uploadId);
  };
  return {
    async create() {
      const uploadId = crypto.randomBytes(16).toString('hex');
      await fsp.mkdir(dirOf(uploadId), { recursive: true });
      return uploadId;
    },
    async putPart(_key, uploadId, partNumber, body) {
      const temp = options.tempPath();
      await fsp.writeFile(temp, body);
      await fsp.rename(temp, path.join(dirOf(uploadId), String(partNumber)));
      return `"${crypto.createHash('md5').update(body).digest('hex')}"`;
    },
    async complete(key, uploadId, parts, md5) {
      const dir = dirOf(uploadId);
      const temp = options.tempPath();
      const hash = crypto.createHash('md5');
      const out = fs.createWriteStream(temp);
      const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
      await pipeline(async function* () {
        for (const part of ordered) {
          for await (const chunk of fs.createReadStream(path.join(dir, String(part.partNumber)))) {
            hash.update(chunk as Buffer);
            yield chunk as Buffer;
          }
        }
      }, out);
      const matches = hash.digest('hex') === md5;
      if (matches) await options.commit(temp, key);
      else await fsp.rm(temp, { force: true });
      await fsp.rm(dir, { recursive: true, force: true });
      return matches;
    },
    async abort(_key, uploadId) {
      await fsp.rm(dirOf(uploadId), { recursive: true, force: true });
    },
  };
}
