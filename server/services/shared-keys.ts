// Secrets every instance on one PostgreSQL must hold alike, kept as files under <DATA_DIR>/keys: the guest-visit
// key pair (a sign made with the key one instance served is decrypted by whichever instance gets the visit) and
// the captcha HMAC secrets (a challenge one instance issued is verified by another). The first instance to
// start stores its own in the database; every instance writes the stored ones into its data dir before use.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { serverKeys } from '../db/schema.js';
import { keyPaths, loadOrCreateVisitKeys, writeKeyFiles } from './auth/visit-keys.js';
import { loadOrCreateCaptchaSecrets } from './captcha/secrets.js';

async function adopt(db: Database, name: string, local: { privatePem: string; publicPem: string }) {
  await db
    .insert(serverKeys)
    .values({ name, ...local })
    .onConflictDoNothing();
  const [stored] = await db.select().from(serverKeys).where(eq(serverKeys.name, name)).limit(1);
  return stored && (stored.privatePem !== local.privatePem || stored.publicPem !== local.publicPem)
    ? stored
    : null;
}

export async function shareServerKeys(db: Database, dataDir: string): Promise<void> {
  loadOrCreateVisitKeys(dataDir);
  const { privatePath, publicPath } = keyPaths(dataDir);
  const visit = await adopt(db, 'visit', {
    privatePem: fs.readFileSync(privatePath, 'utf8'),
    publicPem: fs.readFileSync(publicPath, 'utf8'),
  });
  if (visit) writeKeyFiles(dataDir, visit);

  loadOrCreateCaptchaSecrets(dataDir);
  const captchaFile = path.join(dataDir, 'keys', 'captcha-hmac.json');
  // Not a key pair: the secrets' JSON is kept in the first column.
  const captcha = await adopt(db, 'captcha-hmac', {
    privatePem: fs.readFileSync(captchaFile, 'utf8'),
    publicPem: '',
  });
  if (captcha) fs.writeFileSync(captchaFile, captcha.privatePem, { mode: 0o600 });
}
