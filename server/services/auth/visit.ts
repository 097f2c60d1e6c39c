// Guest visits: a sign is accepted once, only if it decrypts to an ISO time within the last 5 minutes.
import { lt } from 'drizzle-orm';
import { ResponseCode, VISIT_SIGN_MAX_AGE_MS } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { usedVisitSigns } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { sha256 } from '../../ids.js';
import type { SessionService } from './sessions.js';
import type { VisitKeys } from './visit-keys.js';

const CLOCK_SKEW_MS = 60_000;

export function createVisitService(deps: { db: Database; keys: VisitKeys; sessions: SessionService }) {
  const reject = (key: 'auth.signInvalid' | 'auth.signExpired' | 'auth.signReused') =>
    new AppError(ResponseCode.BadRequest, key, { httpStatus: 400 });

  return {
    async visit(sign: string, now = Date.now()): Promise<string> {
      // The used-sign record keys on the decoded bytes, so a re-encoded copy of a sign is the same sign.
      const ciphertext = deps.keys.canonicalSign(sign);
      if (!ciphertext) throw reject('auth.signInvalid');
      let plain: string;
      try {
        plain = deps.keys.decrypt(ciphertext);
      } catch {
        throw reject('auth.signInvalid');
      }
      const signedAt = Date.parse(plain);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(plain) || Number.isNaN(signedAt)) throw reject('auth.signInvalid');
      if (now - signedAt > VISIT_SIGN_MAX_AGE_MS || signedAt - now > CLOCK_SKEW_MS)
        throw reject('auth.signExpired');

      await deps.db.delete(usedVisitSigns).where(lt(usedVisitSigns.expiresAt, new Date(now)));
      const inserted = await deps.db
        .insert(usedVisitSigns)
        .values({
          signHash: sha256(ciphertext.toString('base64')),
          expiresAt: new Date(signedAt + VISIT_SIGN_MAX_AGE_MS + CLOCK_SKEW_MS),
        })
        .onConflictDoNothing()
        .returning({ signHash: usedVisitSigns.signHash });
      if (inserted.length === 0) throw reject('auth.signReused');

      const { token } = await deps.sessions.createGuest();
      return token;
    },
  };
}
