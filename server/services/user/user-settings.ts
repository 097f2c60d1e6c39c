// Per-user settings the shell reads: properties, feature tips and experiments, usage, connectors, documents.
import crypto from 'node:crypto';
import { and, desc, eq, min } from 'drizzle-orm';
import {
  CONNECTOR_TYPES,
  type Connector,
  ConnectorStatus,
  type ConnectorType,
  DEFAULT_DOCUMENT_SETTINGS,
  type DocumentSettings,
  EXPERIMENTS,
  ResponseCode,
  TIP_TAGS,
  type TipsResponse,
  type UserProperties,
} from '../../../common/contract/index.js';
import type { DocumentSettingsRequest, TipsRequest } from '../../../common/contract/user.schema.js';
import type { Database } from '../../db/client.js';
import { billingEvents, connectors, subscriptions, users, userTips } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/sessions.js';
import { currentUser } from './user-info.js';

/** The operator's pinned variant (EXPERIMENTS), else a stable A/B split: the same answer on every call. */
export function experimentVariant(userId: string, key: string, pinned: Record<string, string> = {}): string {
  if (!(EXPERIMENTS as readonly string[]).includes(key)) return '';
  if (key in pinned) return pinned[key] ?? '';
  return crypto.createHash('sha256').update(`${userId}:${key}`).digest()[0] % 2 === 0 ? 'A' : 'B';
}

/** When the caller's newest subscription began: its first stored provider event (renewals keep it). */
async function subscribedSince(db: Database, userId: string): Promise<string | null> {
  const [latest] = await db
    .select({ provider: subscriptions.provider, id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  if (!latest) return null;
  const [first] = await db
    .select({ at: min(billingEvents.occurredAt) })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, latest.provider), eq(billingEvents.subscriptionId, latest.id)));
  return first?.at ? new Date(Number(first.at)).toISOString() : null;
}

/** The caller's own choices of how their uploads are read (the defaults for a caller without a row). */
export async function documentChoices(
  db: Database,
  userId: string,
): Promise<Pick<DocumentSettings, 'ocr' | 'ocrLanguage'>> {
  const [row] = await db
    .select({ ocr: users.ocr, ocrLanguage: users.ocrLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { ...DEFAULT_DOCUMENT_SETTINGS };
}

/**
 * driveConfigured: Google sign-in is set up, so Drive can connect through Google's consent page.
 * serverOcr: the operator left OCR on (DOCS_OCR is not off).
 */
export function createUserSettingsService(
  db: Database,
  driveConfigured = false,
  experiments: Record<string, string> = {},
  serverOcr = true,
) {
  return {
    async properties(caller: Caller, visitorId: string): Promise<UserProperties> {
      const user = await currentUser(db, caller);
      const id = user.membershipId;
      return {
        is_login: user.isLogin,
        // Sessions from before sources were kept read 'email' (the only member login there was then).
        user_session_source: caller.kind === 'guest' ? 'guest' : (caller.source ?? 'email'),
        account_name: user.email,
        product_type: user.isUnlimited ? 'Unlimited' : user.isProPlus ? 'PRO+' : user.isPro ? 'PRO' : 'FREE',
        interval: id === 0 ? null : [3, 5, 7, 2].includes(id) ? 'year' : 'month',
        subscribe_start_time: id === 0 ? null : await subscribedSince(db, caller.userId),
        subscribe_expire_time: user.membershipExpDate,
        membership_id: id,
        visitorId,
      };
    },

    async tips(caller: Caller, request: TipsRequest): Promise<TipsResponse> {
      for (const tip of request.userTips ?? []) {
        if (tip.value === undefined) continue;
        await db
          .insert(userTips)
          .values({ userId: caller.userId, tag: tip.tag, value: tip.value })
          .onConflictDoUpdate({ target: [userTips.userId, userTips.tag], set: { value: tip.value } });
      }
      const stored = await db.select().from(userTips).where(eq(userTips.userId, caller.userId));
      return {
        userTips: TIP_TAGS.map((tag) => ({
          tag,
          value: stored.find((t) => t.tag === tag)?.value ?? 1,
          defaultValue: 1,
        })),
        abResList: (request.abKeyList ?? []).map((key) => ({
          key,
          value: experimentVariant(caller.userId, key, experiments),
        })),
      };
    },

    async connectors(caller: Caller): Promise<Connector[]> {
      const stored = await db.select().from(connectors).where(eq(connectors.userId, caller.userId));
      return CONNECTOR_TYPES.map((type) => {
        const row = stored.find((c) => c.type === type);
        const enabled = row?.status === ConnectorStatus.Enabled;
        return {
          type,
          status: row?.status ?? ConnectorStatus.Disabled,
          access_token: enabled ? (row?.accessToken ?? null) : null,
          expires_at: enabled ? (row?.expiresAt?.toISOString() ?? null) : null,
        };
      });
    },

    /** Only Google Drive really connects (through its OAuth callback); the others join the waiting list. */
    async updateConnector(caller: Caller, type: ConnectorType, status: number): Promise<Connector[]> {
      if (type === 'GOOGLE_DRIVE' && status !== ConnectorStatus.Disabled) {
        const key = driveConfigured ? 'connector.driveUseConsent' : 'connector.driveNeedsOAuth';
        throw new AppError(ResponseCode.BadRequest, key, { httpStatus: 400 });
      }
      const stored = status === ConnectorStatus.Disabled ? ConnectorStatus.Disabled : ConnectorStatus.Waiting;
      const next = type === 'GOOGLE_DRIVE' ? ConnectorStatus.Disabled : stored;
      await db
        .insert(connectors)
        .values({ userId: caller.userId, type, status: next })
        .onConflictDoUpdate({
          target: [connectors.userId, connectors.type],
          // Disconnecting Drive forgets its token.
          set: { status: next, accessToken: null, expiresAt: null, updatedAt: new Date() },
        });
      return this.connectors(caller);
    },

    async documentSettings(caller: Caller): Promise<DocumentSettings> {
      return { ...(await documentChoices(db, caller.userId)), serverOcr };
    },

    /** Only the caller's own row changes; a field left out of the request keeps its value. */
    async updateDocumentSettings(
      caller: Caller,
      request: DocumentSettingsRequest,
    ): Promise<DocumentSettings> {
      const set = {
        ...(request.ocr === undefined ? {} : { ocr: request.ocr }),
        ...(request.ocrLanguage === undefined ? {} : { ocrLanguage: request.ocrLanguage }),
      };
      if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, caller.userId));
      return this.documentSettings(caller);
    },
  };
}
export type UserSettingsService = ReturnType<typeof createUserSettingsService>;
