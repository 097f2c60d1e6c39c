// The user info, derived from the stored membership; an expired membership counts as Free.
import { eq } from 'drizzle-orm';
import { MembershipId, type UserInfo } from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import { billingCustomers, users } from '../../db/schema.js';
import type { Caller } from '../auth/sessions.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAID = new Set<number>([1, 2, 3, 4, 5, 6, 7]);
const PRO_PLUS = new Set<number>([4, 5, 6, 7]);
const UNLIMITED = new Set<number>([4, 5]);

/** The account row without the document settings, which the user info does not carry (see user-settings.ts). */
type AccountRow = Omit<typeof users.$inferSelect, 'ocr' | 'ocrLanguage'>;

export function toUserInfo(row: AccountRow, now = new Date()): UserInfo {
  const active = row.membershipExpDate === null || row.membershipExpDate.getTime() > now.getTime();
  const membershipId = active ? row.membershipId : MembershipId.Free;
  const isTrial = membershipId === MembershipId.Trial;
  const isLogin = row.kind === 'member';
  return {
    uid: row.id,
    email: row.email,
    username: row.username,
    picture: null,
    avatar: null,
    isLogin,
    isPro: PAID.has(membershipId),
    isProPlus: PRO_PLUS.has(membershipId),
    isUnlimited: UNLIMITED.has(membershipId),
    isTrial,
    isNew: now.getTime() - row.createdAt.getTime() < DAY_MS ? 1 : 0,
    timeRemaining:
      PAID.has(membershipId) && row.membershipExpDate
        ? Math.ceil((row.membershipExpDate.getTime() - now.getTime()) / DAY_MS)
        : 0,
    membershipId,
    membershipExpDate: PAID.has(membershipId) ? (row.membershipExpDate?.toISOString() ?? null) : null,
    stripeCustomer: null,
    fastspringCustomer: null,
    createdAt: row.createdAt.toISOString(),
    internal: 0,
    partnerStatus: 0,
    partnerUid: null,
    refCode: null,
    parsedRoles: isTrial ? ['Trail'] : [],
    // Guests get the new input and enhanced upload; internal users (none yet) the new input and model names.
    grayStrategyNew: { inputVersion: !isLogin, inputModel: false, enhanceUpload: !isLogin },
  };
}

export async function currentUser(db: Database, caller: Caller): Promise<UserInfo> {
  const [row] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  const info = toUserInfo(row);
  // Payment provider customers (billing): the card provider (Stripe or the built-in test one), FastSpring.
  const customers = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, caller.userId));
  info.stripeCustomer =
    customers.find((c) => c.provider === 'stripe' || c.provider === 'testpay')?.customerId ?? null;
  info.fastspringCustomer = customers.find((c) => c.provider === 'fastspring')?.customerId ?? null;
  return info;
}
