// Student discount: a code mailed to an academic address (the login-code rules: 6 digits, hashed, single
// use, 10 minutes, 5 wrong tries, 59 s between codes), then the student coupon on the caller's subscription.
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  EMAIL_PATTERN,
  type Language,
  ResponseCode,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { studentCodes } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { newId, sha256 } from '../../ids.js';
import { translate } from '../../messages/index.js';
import type { Mailer } from '../../providers/mail/index.js';
import {
  CODE_LENGTH,
  CODE_TTL_MS,
  MAX_WRONG_TRIES,
  normaliseEmail,
  RESEND_AFTER_MS,
} from '../auth/login-codes.js';
import type { Caller } from '../auth/sessions.js';
import type { BillingManagement } from './management.js';

/** mit.edu, ox.ac.uk, tsinghua.edu.cn, uba.edu.ar, student.school.k12.ca.us ... */
const ACADEMIC = [
  /\.edu$/,
  /\.edu\.[a-z]{2}$/,
  /\.ac\.[a-z]{2}$/,
  /\.k12\.[a-z]{2}\.us$/,
  /\.(school|university|college)$/,
];

export function isAcademicEmail(raw: string): boolean {
  const email = normaliseEmail(raw);
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return false;
  const domain = email.split('@')[1] ?? '';
  return ACADEMIC.some((pattern) => pattern.test(domain));
}

const notStudent = () =>
  new AppError(ResponseCode.NotStudentEmail, 'billing.studentEmail', { httpStatus: 200 });
const wrongCode = () =>
  new AppError(ResponseCode.VerificationCodeMismatch, 'billing.studentCode', { httpStatus: 200 });
const hashCode = (userId: string, email: string, code: string) =>
  sha256(`student:${userId}:${email}:${code}`);

export function createStudentDiscount(deps: { db: Database; mailer: Mailer; management: BillingManagement }) {
  const { db } = deps;
  return {
    async sendCode(
      caller: Caller,
      rawEmail: string,
      viewer: string | null = null,
      now = new Date(),
      language: Language = DEFAULT_LANGUAGE,
    ) {
      if (!isAcademicEmail(rawEmail)) throw notStudent();
      const email = normaliseEmail(rawEmail);
      const [latest] = await db
        .select({ createdAt: studentCodes.createdAt })
        .from(studentCodes)
        .where(eq(studentCodes.userId, caller.userId))
        .orderBy(desc(studentCodes.createdAt))
        .limit(1);
      if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_AFTER_MS)
        throw new AppError(ResponseCode.TooManyRequests, 'auth.resendTooSoon', { httpStatus: 429 });
      const code = crypto
        .randomInt(0, 10 ** CODE_LENGTH)
        .toString()
        .padStart(CODE_LENGTH, '0');
      await db
        .update(studentCodes)
        .set({ usedAt: now })
        .where(and(eq(studentCodes.userId, caller.userId), isNull(studentCodes.usedAt)));
      await db.insert(studentCodes).values({
        id: newId(),
        userId: caller.userId,
        email,
        codeHash: hashCode(caller.userId, email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      await deps.mailer.send(
        {
          to: email,
          subject: translate(language, 'mail.studentCode.subject', { code }),
          text: translate(language, 'mail.studentCode.text', { code }),
        },
        { viewer },
      );
    },

    /** The right code applies the student coupon to the caller's subscription and answers its detail. */
    async verify(caller: Caller, rawEmail: string, code: string, subscriptionId: string, now = new Date()) {
      if (!isAcademicEmail(rawEmail)) throw notStudent();
      const email = normaliseEmail(rawEmail);
      await deps.management.owned(caller, subscriptionId);
      const [current] = await db
        .select()
        .from(studentCodes)
        .where(
          and(
            eq(studentCodes.userId, caller.userId),
            eq(studentCodes.email, email),
            isNull(studentCodes.usedAt),
            gt(studentCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(studentCodes.createdAt))
        .limit(1);
      if (!current) throw wrongCode();
      // A try is taken before it is judged, in one UPDATE: concurrent guesses cannot share one count.
      const [took] = await db
        .update(studentCodes)
        .set({ attempts: sql`${studentCodes.attempts} + 1` })
        .where(and(eq(studentCodes.id, current.id), lt(studentCodes.attempts, MAX_WRONG_TRIES)))
        .returning({ attempts: studentCodes.attempts });
      if (!took) throw wrongCode();
      const given = Buffer.from(hashCode(caller.userId, email, code.trim()));
      if (!crypto.timingSafeEqual(given, Buffer.from(current.codeHash))) throw wrongCode();
      const claimed = await db
        .update(studentCodes)
        .set({ usedAt: now })
        .where(and(eq(studentCodes.id, current.id), isNull(studentCodes.usedAt)))
        .returning({ id: studentCodes.id });
      if (claimed.length === 0) throw wrongCode();
      return deps.management.applyCoupon(caller, subscriptionId, 'student');
    },
  };
}
