// The plan catalogue lives in the database and is seeded (upserted) at start-up, so an operator can change
// prices, quotas and coupons in SQL and a restart never overwrites rows they added.
import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  type DiscountInfo,
  formatMoney,
  type MembershipQuota,
  type Product,
  TRIAL_DAYS,
  type TrialStatus,
} from '../../../common/contract/index.js';
import type { Database } from '../../db/client.js';
import {
  billingSettings,
  coupons,
  memberships,
  products,
  providerProducts,
  subscriptions,
  trialsUsed,
  trialTakenEmails,
  users,
} from '../../db/schema.js';
import { normaliseEmail } from '../auth/login-codes.js';

type MembershipRow = typeof memberships.$inferInsert;
const PRO = { gpt3Quota: 3000, gpt4Quota: 300, pdfPageQuota: 3000, uploadQuota: 100 };
const PRO_PLUS = { gpt3Quota: 6000, gpt4Quota: 1000, pdfPageQuota: 6000, uploadQuota: 300 };
const UNLIMITED = { gpt3Quota: -1, gpt4Quota: -1, pdfPageQuota: -1, uploadQuota: -1 };

/** Free counts per day, paid plans per month, Unlimited not at all (-1). */
export const MEMBERSHIP_SEED: MembershipRow[] = [
  {
    id: 0,
    name: 'Free',
    productType: 'FREE',
    period: null,
    gpt3Quota: 30,
    gpt4Quota: 0,
    pdfPageQuota: 100,
    uploadQuota: 2,
  },
  { id: 1, name: 'MonthPro', productType: 'PRO', period: 'month', ...PRO },
  { id: 2, name: 'Trial', productType: 'PRO', period: 'year', ...PRO },
  { id: 3, name: 'YearPro', productType: 'PRO', period: 'year', ...PRO },
  { id: 4, name: 'MonthUnlimited', productType: 'Unlimited', period: 'month', ...UNLIMITED },
  { id: 5, name: 'YearUnlimited', productType: 'Unlimited', period: 'year', ...UNLIMITED },
  { id: 6, name: 'MonthProPlus', productType: 'PRO+', period: 'month', ...PRO_PLUS },
  { id: 7, name: 'YearProPlus', productType: 'PRO+', period: 'year', ...PRO_PLUS },
];

/** Monthly prices in cents per price group (0 other and 1 group A share prices; 2 group B tests higher). */
const MONTHLY: Record<string, { membership: [number, number]; type: string; cents: [number, number] }> = {
  pro: { membership: [1, 3], type: 'Pro', cents: [999, 1199] },
  unlimited: { membership: [4, 5], type: 'Unlimited', cents: [1999, 2199] },
  proplus: { membership: [6, 7], type: 'ProPlus', cents: [1499, 1699] },
};
/** A year costs 12 months less the default 16 % saving. */
const yearly = (monthCents: number) => Math.round((monthCents * 12 * 84) / 100);

export const PRODUCT_SEED: (typeof products.$inferInsert)[] = Object.entries(MONTHLY).flatMap(([key, plan]) =>
  [0, 1, 2].flatMap((group) => {
    const cents = plan.cents[group === 2 ? 1 : 0];
    return [
      {
        id: `${key}-month-g${group}`,
        membershipId: plan.membership[0],
        priceGroup: group,
        price: cents,
        currency: 'USD',
        strikePrice: null,
        period: 'month',
        productType: plan.type,
      },
      {
        id: `${key}-year-g${group}`,
        membershipId: plan.membership[1],
        priceGroup: group,
        price: yearly(cents),
        currency: 'USD',
        strikePrice: cents * 12,
        period: 'year',
        productType: plan.type,
      },
    ];
  }),
);

export const COUPON_SEED: (typeof coupons.$inferInsert)[] = [
  {
    code: 'STAY30',
    kind: 'retention',
    monthlyDiscount: 0.3,
    yearlyDiscount: 0.3,
    durationMonths: 3,
    description: '30% off your next 3 months',
    active: true,
  },
  {
    code: 'STUDENTSUMMER',
    kind: 'student',
    monthlyDiscount: 0.5,
    yearlyDiscount: 0.5,
    durationMonths: 3,
    description: 'Student discount: 50% off for 3 months',
    active: true,
  },
];

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CNY: '¥' };
export const currencySymbol = (currency: string) => SYMBOLS[currency] ?? currency;

export interface CatalogueOptions {
  /** Split members into price groups A and B by a stable hash; off: everyone gets group 0. */
  priceTest: boolean;
  trialStatus: TrialStatus;
  /** An operator-set marketing coupon, e.g. from MARKETING_COUPON. */
  marketingCoupon: typeof coupons.$inferInsert | null;
  /** The operator's provider ids for catalogue products (replacing Parley's own id at that provider). */
  productIds?: { provider: number; productId: string; providerProductId: string }[];
}

export async function seedCatalogue(db: Database, options: CatalogueOptions) {
  for (const row of MEMBERSHIP_SEED) await db.insert(memberships).values(row).onConflictDoNothing();
  for (const row of PRODUCT_SEED) {
    await db.insert(products).values(row).onConflictDoNothing();
    // Each provider knows the product by Parley's id until the operator maps it to the provider's own.
    for (const provider of [0, 2, 3])
      await db
        .insert(providerProducts)
        .values({ provider, providerProductId: row.id, productId: row.id })
        .onConflictDoNothing();
  }
  for (const mapped of options.productIds ?? []) {
    await db
      .delete(providerProducts)
      .where(
        and(eq(providerProducts.provider, mapped.provider), eq(providerProducts.productId, mapped.productId)),
      );
    await db
      .insert(providerProducts)
      .values(mapped)
      .onConflictDoUpdate({
        target: [providerProducts.provider, providerProducts.providerProductId],
        set: { productId: mapped.productId },
      });
  }
  for (const row of COUPON_SEED) await db.insert(coupons).values(row).onConflictDoNothing();
  // MARKETING_COUPON is authoritative: only the coupon it names (if any) is shown as the active discount.
  await db
    .update(coupons)
    .set({ active: false })
    .where(
      and(
        eq(coupons.kind, 'marketing'),
        ...(options.marketingCoupon ? [ne(coupons.code, options.marketingCoupon.code)] : []),
      ),
    );
  if (options.marketingCoupon) {
    await db
      .insert(coupons)
      .values(options.marketingCoupon)
      .onConflictDoUpdate({ target: coupons.code, set: options.marketingCoupon });
  }
  await db
    .insert(billingSettings)
    .values({ key: 'trialStatus', value: options.trialStatus })
    .onConflictDoUpdate({ target: billingSettings.key, set: { value: options.trialStatus } });
}

/** The keyed hash an email of a trial taker is kept as once its account is deleted: the address as login
 * normalises it, so a full-width or upper-case retyping of it is the same address. */
export function trialEmailHash(key: Buffer, email: string): string {
  return crypto.createHmac('sha256', key).update(normaliseEmail(email)).digest('hex');
}

export function createCatalogue(
  db: Database,
  options: CatalogueOptions,
  /** The server's secret for the kept hashes of trial takers' emails. */
  trialEmailKey: Buffer,
) {
  const quotaCache = new Map<number, MembershipQuota>();

  async function quota(membershipId: number): Promise<MembershipQuota> {
    const cached = quotaCache.get(membershipId);
    if (cached) return cached;
    const [row] = await db.select().from(memberships).where(eq(memberships.id, membershipId)).limit(1);
    const value: MembershipQuota = {
      membershipId,
      gpt3Quota: row?.gpt3Quota ?? 0,
      gpt4Quota: row?.gpt4Quota ?? 0,
      pdfPageQuota: row?.pdfPageQuota ?? 0,
      uploadQuota: row?.uploadQuota ?? 0,
    };
    quotaCache.set(membershipId, value);
    return value;
  }

  function priceGroupOf(userId: string | null): number {
    if (!options.priceTest || !userId) return 0;
    return (crypto.createHash('sha256').update(`price-group:${userId}`).digest()[0] % 2) + 1;
  }

  async function toProduct(row: typeof products.$inferSelect): Promise<Product> {
    const ids = await db.select().from(providerProducts).where(eq(providerProducts.productId, row.id));
    return {
      membershipId: row.membershipId,
      productType: row.productType as Product['productType'],
      price: row.price,
      productPriceText: formatMoney(row.price, row.currency, 'en'),
      currency: row.currency,
      strikePrice: row.strikePrice,
      productIds: Object.fromEntries(ids.map((id) => [String(id.provider), id.providerProductId])),
      subscription: row.period as Product['subscription'],
      membership: await quota(row.membershipId),
    };
  }

  /** Whether this user took a trial or ever subscribed (either uses up the one trial). */
  async function tookTrial(userId: string): Promise<boolean> {
    const [used] = await db.select().from(trialsUsed).where(eq(trialsUsed.userId, userId)).limit(1);
    if (used) return true;
    const [sub] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .limit(1);
    return Boolean(sub);
  }

  return {
    quota,
    priceGroupOf,

    async productsFor(userId: string | null): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.priceGroup, priceGroupOf(userId)))
        .orderBy(products.membershipId);
      return Promise.all(rows.map(toProduct));
    },

    async productById(id: string) {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row ?? null;
    },

    /** A provider's product id back to Parley's product. */
    async productByProviderId(provider: number, providerProductId: string) {
      const [row] = await db
        .select({ product: products })
        .from(providerProducts)
        .innerJoin(products, eq(products.id, providerProducts.productId))
        .where(
          and(
            eq(providerProducts.provider, provider),
            eq(providerProducts.providerProductId, providerProductId),
          ),
        )
        .limit(1);
      return row?.product ?? null;
    },

    async productForMembership(membershipId: number, userId: string | null) {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.membershipId, membershipId), eq(products.priceGroup, priceGroupOf(userId))))
        .limit(1);
      return row ?? null;
    },

    toProduct,

    tookTrial,

    trialEmailHash: (email: string) => trialEmailHash(trialEmailKey, email),

    /** One trial per person: none once they used one or ever subscribed, also under an account they deleted
     * (its email is kept as a keyed hash, see trialTakenEmails). */
    async trialStatusFor(userId: string | null): Promise<TrialStatus> {
      const [setting] = await db.select().from(billingSettings).where(eq(billingSettings.key, 'trialStatus'));
      const status = (setting?.value ?? 'Pro') as TrialStatus;
      if (!userId || status === 'none') return status;
      if (await tookTrial(userId)) return 'none';
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      if (!user?.email) return status;
      const [kept] = await db
        .select()
        .from(trialTakenEmails)
        .where(eq(trialTakenEmails.emailHash, trialEmailHash(trialEmailKey, user.email)))
        .limit(1);
      return kept ? 'none' : status;
    },

    trialDays: TRIAL_DAYS,

    async coupon(code: string) {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase())).limit(1);
      return row ?? null;
    },

    async couponOfKind(kind: 'marketing' | 'retention' | 'student') {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.kind, kind), eq(coupons.active, true)))
        .limit(1);
      return row ?? null;
    },

    async activeDiscount(): Promise<DiscountInfo | null> {
      const row = await this.couponOfKind('marketing');
      if (!row) return null;
      return {
        monthlyDiscount: row.monthlyDiscount,
        yearlyDiscount: row.yearlyDiscount,
        desc: row.description,
        period: row.period,
        url: row.url,
        discountCouponCode: row.code,
      };
    },
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
