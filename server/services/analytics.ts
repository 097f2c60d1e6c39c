// Analytics events: stored once per event id (a batch resent after a lost answer adds nothing), counted per
// day for operators (members whose email is in ADMIN_EMAILS).
import { and, count, countDistinct, eq, gte, sql } from 'drizzle-orm';
import { type AnalyticsDaily, type AnalyticsEvent, ResponseCode } from '../../common/contract/index.js';
import type { Database } from '../db/client.js';
import { analyticsEvents, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Caller } from './auth/sessions.js';

/** Events dated far from the server's clock are kept at the server's time (a wrong device clock). */
const CLOCK_SKEW_MS = 7 * 24 * 60 * 60_000;

export function createAnalyticsService(deps: { db: Database; adminEmails: string[] }) {
  const { db } = deps;
  const admins = new Set(deps.adminEmails.map((e) => e.toLowerCase()));

  return {
    async store(events: AnalyticsEvent[], seen: { ip: string; country: string | null }): Promise<number> {
      const now = Date.now();
      const rows = events.map((event) => {
        const at = Date.parse(event.occurredAt);
        return {
          eventId: event.eventId,
          name: event.name,
          props: event.props,
          sessionId: event.sessionId,
          webId: event.webId,
          ip: seen.ip,
          country: seen.country,
          occurredAt: new Date(Math.abs(at - now) > CLOCK_SKEW_MS ? now : at),
        };
      });
      const inserted = await db
        .insert(analyticsEvents)
        .values(rows)
        .onConflictDoNothing({ target: analyticsEvents.eventId })
        .returning({ eventId: analyticsEvents.eventId });
      return inserted.length;
    },

    async isAdmin(caller: Caller | null): Promise<boolean> {
      if (!caller || caller.kind !== 'member' || admins.size === 0) return false;
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
      return !!row?.email && admins.has(row.email.toLowerCase());
    },

    async daily(caller: Caller | null, days: number): Promise<AnalyticsDaily> {
      if (!(await this.isAdmin(caller)))
        throw new AppError(ResponseCode.BadRequest, 'analytics.adminOnly', { httpStatus: 403 });
      const since = new Date(Date.now() - days * 24 * 60 * 60_000);
      const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          name: analyticsEvents.name,
          count: count(),
          sessions: countDistinct(analyticsEvents.sessionId),
        })
        .from(analyticsEvents)
        .where(and(gte(analyticsEvents.occurredAt, since)))
        .groupBy(day, analyticsEvents.name)
        .orderBy(sql`1 desc`, analyticsEvents.name);
      return {
        rows: rows.map((r) => ({
          day: r.day,
          name: r.name,
          count: Number(r.count),
          sessions: Number(r.sessions),
        })),
      };
    },
  };
}
