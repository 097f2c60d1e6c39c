// Email-code login: 6 random digits, stored hashed, single use, valid 10 minutes, 5 tries per code, a new
// code for the same address no sooner than 59 s, and per-IP limits on sends and attempts.
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  EMAIL_PATTERN,
  type Language,
  plainEmail,
  ResponseCode,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { loginCodes } from '../../db/schema.js';
import { AppError, tooManyRequests } from '../../errors.js';
import { newId, sha256 } from '../../ids.js';
import { translate } from '../../messages/index.js';
import type { Mailer } from '../../providers/mail/index.js';
import type { RateLimiter } from '../rate-limit.js';
import { completeLogin, findOrCreateMember } from './account-login.js';
import type { Caller, SessionService } from './sessions.js';

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 59 * 1000;
export const MAX_WRONG_TRIES = 5;
export const normaliseEmail = (email: string) => plainEmail(email).toLowerCase();

/** Checked before the human check, so a typo costs the user no proof of work. */
export function assertValidEmail(rawEmail: string): void {
  const email = normaliseEmail(rawEmail);
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    throw new AppError(ResponseCode.BadRequest, 'auth.emailInvalid', { httpStatus: 400 });
}
const hashCode = (email: string, code: string) => sha256(`${email}:${code}`);

export function createLoginCodeService(deps: {
  db: Database;
  mailer: Mailer;
  sendLimiter: RateLimiter;
  attemptLimiter: RateLimiter;
  sessions: SessionService;
}) {
  const { db } = deps;

  return {
    async send(
      rawEmail: string,
      ip: string,
      options: { viewer?: string | null; now?: Date; language?: Language } = {},
    ): Promise<void> {
      const now = options.now ?? new Date();
      assertValidEmail(rawEmail);
      const email = normaliseEmail(rawEmail);
      const [latest] = await db
        .select({ createdAt: loginCodes.createdAt })
        .from(loginCodes)
        .where(eq(loginCodes.email, email))
        .orderBy(desc(loginCodes.createdAt))
        .limit(1);
      if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_AFTER_MS) {
        throw new AppError(ResponseCode.TooManyRequests, 'auth.resendTooSoon', { httpStatus: 429 });
      }
      if (!(await deps.sendLimiter.take(`ip:${ip}`)) || !(await deps.sendLimiter.take(`email:${email}`)))
        throw tooManyRequests();

      const code = crypto
        .randomInt(0, 10 ** CODE_LENGTH)
        .toString()
        .padStart(CODE_LENGTH, '0');
      // A new code replaces the older ones: only the newest can be used.
      await db
        .update(loginCodes)
        .set({ usedAt: now })
        .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt)));
      await db.insert(loginCodes).values({
        id: newId(),
        email,
        codeHash: hashCode(email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      await deps.mailer.send(
        {
          to: email,
          // In the language of the page that asked for it.
          subject: translate(options.language ?? DEFAULT_LANGUAGE, 'mail.loginCode.subject', { code }),
          text: translate(options.language ?? DEFAULT_LANGUAGE, 'mail.loginCode.text', { code }),
        },
        { viewer: options.viewer },
      );
    },

    /** A token for the right code, else null (a falsy data field). A guest's chats move to the account. */
    async login(
      rawEmail: string,
      code: string,
      ip: string,
      guest: Caller | null,
      now = new Date(),
    ): Promise<string | null> {
      if (!(await deps.attemptLimiter.take(`ip:${ip}`))) throw tooManyRequests();
      const email = normaliseEmail(rawEmail);
      const [current] = await db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.email, email), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
        .orderBy(desc(loginCodes.createdAt))
        .limit(1);
      if (!current) return null;
      // Each try takes one of the code's tries before it is judged, in one UPDATE: concurrent guesses
      // (over several instances too) cannot all read the same count and all be judged.
      const [took] = await db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(and(eq(loginCodes.id, current.id), lt(loginCodes.attempts, MAX_WRONG_TRIES)))
        .returning({ attempts: loginCodes.attempts });
      if (!took) return null;
      const given = Buffer.from(hashCode(email, code.trim()));
      if (!crypto.timingSafeEqual(given, Buffer.from(current.codeHash))) return null;
      // Single use: only the request that flips used_at wins.
      const claimed = await db
        .update(loginCodes)
        .set({ usedAt: now })
        .where(and(eq(loginCodes.id, current.id), isNull(loginCodes.usedAt)))
        .returning({ id: loginCodes.id });
      if (claimed.length === 0) return null;

      return completeLogin(db, deps.sessions, await findOrCreateMember(db, email), guest);
    },
  };
}
