// Product analytics: events the client queues, daily counts for operators, crash reports.

export const AnalyticsPaths = {
  /** POST {events} (1..50) -> {stored}; no login needed; each eventId is stored once. */
  events: '/api/v1/analytics/events',
  /** GET ?days -> AnalyticsDaily (operators only: ADMIN_EMAILS). */
  daily: '/api/v1/analytics/daily',
  /** POST: the error boundary's crash report (kept in the server log; answers nothing). */
  clientError: '/api/v1/front/clientError',
} as const;

/** The analytics constants. */
export const ANALYTICS = {
  sessionTimeoutMs: 30 * 60_000,
  debounceMs: 300,
  batchSize: 6,
  batchSizeMin: 1,
  batchSizeMax: 30,
  intervalMs: 6000,
  queueMax: 500,
  perRequestMax: 50,
  sendTimeoutMs: 3000,
  retries: 3,
} as const;

export const ANALYTICS_NAME_MAX = 64;
export const ANALYTICS_PROPS_MAX_CHARS = 2000;
export const ANALYTICS_DAYS_MAX = 90;

/** One event as the browser queues and sends it. */
export interface AnalyticsEvent {
  /** A random id made when the event happened; the server stores each id once. */
  eventId: string;
  name: string;
  props: Record<string, string | number | boolean | null>;
  occurredAt: string;
  sessionId: string;
  webId: string;
}

/** The event store (kept by the analytics worker in IndexedDB). */
export interface AnalyticsEventStore {
  sessionId: string;
  lastActivityTime: number;
  ip: string;
  country: string;
  webId: string;
}

export interface AnalyticsStored {
  /** Events new to the server (repeats of stored ids are not counted). */
  stored: number;
}

export interface AnalyticsDailyRow {
  /** YYYY-MM-DD (UTC). */
  day: string;
  name: string;
  count: number;
  sessions: number;
}

export interface AnalyticsDaily {
  rows: AnalyticsDailyRow[];
}

/** Bounds of a crash report: enough for a message and a stack, never a body to fill the log with. */
export const CLIENT_ERROR_TEXT_MAX = 4000;
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;
