// Request validators of analytics and crash reports: the server parses with them, the client imports their types.
import { z } from 'zod';
import {
  ANALYTICS,
  ANALYTICS_DAYS_MAX,
  ANALYTICS_NAME_MAX,
  ANALYTICS_PROPS_MAX_CHARS,
  CLIENT_ERROR_TEXT_MAX,
} from './analytics';

const AnalyticsEventSchema = z.object({
  eventId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/),
  name: z
    .string()
    .min(1, 'analytics.badEvent')
    .max(ANALYTICS_NAME_MAX, 'analytics.badEvent')
    .regex(/^[\w.:-]+$/, 'analytics.badEvent'),
  props: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .default({})
    .refine((props) => JSON.stringify(props).length <= ANALYTICS_PROPS_MAX_CHARS, 'analytics.badEvent'),
  occurredAt: z.iso.datetime({ offset: true }),
  sessionId: z.string().min(1).max(64),
  webId: z.string().min(1).max(64),
});

export const AnalyticsEventsRequest = z.object({
  events: z
    .array(AnalyticsEventSchema)
    .min(1, 'analytics.badEvent')
    .max(ANALYTICS.perRequestMax, 'analytics.tooMany'),
});
export type AnalyticsEventsRequest = z.input<typeof AnalyticsEventsRequest>;

export const AnalyticsDailyQuery = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_DAYS_MAX).default(30),
});

/** A crash report from the UI's error boundary: cut to size rather than refused, so a long stack still arrives. */
const reportText = z
  .string()
  .optional()
  .nullable()
  .transform((text) => (text ?? '').slice(0, CLIENT_ERROR_TEXT_MAX));
export const ClientErrorReport = z.object({
  message: reportText,
  stack: reportText,
  componentStack: reportText,
  page: reportText,
});
export type ClientErrorReport = z.input<typeof ClientErrorReport>;
