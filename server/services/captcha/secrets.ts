// The altcha HMAC secrets: made on first start and kept in the data dir, so challenges issued before a
// restart still verify after it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface CaptchaSecrets {
  /** Signs the challenge parameters (tamper check). */
  signature: string;
  /** Signs the derived key of deterministic challenges (fast verification). */
  keySignature: string;
}

export function loadOrCreateCaptchaSecrets(dataDir: string): CaptchaSecrets {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'captcha-hmac.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const secrets: CaptchaSecrets = {
      signature: crypto.randomBytes(32).toString('hex'),
      keySignature: crypto.randomBytes(32).toString('hex'),
    };
    // wx: two servers starting on one data dir must not overwrite each other's secrets.
    try {
      fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<CaptchaSecrets>;
  if (typeof stored.signature !== 'string' || typeof stored.keySignature !== 'string')
    throw new Error(`${file} is damaged: delete it and restart to make new captcha secrets`);
  return { signature: stored.signature, keySignature: stored.keySignature };
}
