// The guest "visit" key pair: made on first start and kept in the data dir. The public half is served
// inside the page, the private half decrypts a guest's sign (the current ISO time).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface VisitKeys {
  publicKeyPem: string;
  /** The public key as base64 SPKI DER, the form WebCrypto imports. */
  publicKeySpki: string;
  /**
   * The sign's ciphertext as its canonical bytes: base64 in either alphabet, with or without padding or
   * whitespace, decodes to the same bytes; anything that is not exactly one RSA block is refused (null).
   */
  canonicalSign(signBase64: string): Buffer | null;
  decrypt(ciphertext: Buffer): string;
  /** A stable server secret for one purpose (e.g. signing short-lived cookies), derived from the key. */
  deriveSecret(label: string): Buffer;
}

export const keyPaths = (dataDir: string) => {
  const dir = path.join(dataDir, 'keys');
  return {
    dir,
    privatePath: path.join(dir, 'visit-private.pem'),
    publicPath: path.join(dir, 'visit-public.pem'),
  };
};

export function writeKeyFiles(dataDir: string, pair: { privatePem: string; publicPem: string }) {
  const { dir, privatePath, publicPath } = keyPaths(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(privatePath, pair.privatePem, { mode: 0o600 });
  fs.writeFileSync(publicPath, pair.publicPem);
}

export function loadOrCreateVisitKeys(dataDir: string): VisitKeys {
  const { privatePath, publicPath } = keyPaths(dataDir);
  if (!fs.existsSync(privatePath) || !fs.existsSync(publicPath)) {
    const pair = crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeKeyFiles(dataDir, { privatePem: pair.privateKey, publicPem: pair.publicKey });
  }
  const privateKey = crypto.createPrivateKey(fs.readFileSync(privatePath));
  const publicKeyPem = fs.readFileSync(publicPath, 'utf8');
  const publicKeySpki = crypto
    .createPublicKey(publicKeyPem)
    .export({ type: 'spki', format: 'der' })
    .toString('base64');
  const blockBytes = Math.ceil((privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8);
  const privateDer = privateKey.export({ type: 'pkcs8', format: 'der' });
  return {
    deriveSecret: (label) => crypto.createHmac('sha256', privateDer).update(label).digest(),
    publicKeyPem,
    publicKeySpki,
    canonicalSign(signBase64) {
      const text = signBase64.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return null;
      const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      // RSA reads a shorter ciphertext as the same number with leading zeros: only the full block counts,
      // or one sign would have many accepted spellings.
      return bytes.length === blockBytes ? bytes : null;
    },
    decrypt(ciphertext) {
      return crypto
        .privateDecrypt(
          { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          ciphertext,
        )
        .toString('utf8');
    },
  };
}
