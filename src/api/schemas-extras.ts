// Request validators of the extras area: the server parses with them, the client imports their types.
import { z } from 'zod';
import {
  ANALYTICS,
  ANALYTICS_DAYS_MAX,
  ANALYTICS_NAME_MAX,
  ANALYTICS_PROPS_MAX_CHARS,
  PROMPT_CONTENT_MAX,
  PROMPT_NAME_MAX,
  PROMPT_PAGE_MAX,
  SHARE_KEY_PATTERN,
} from './contract-extras';

/** Characters as a person counts them (code points), not UTF-16 units. */
const chars = (value: string) => Array.from(value).length;

const PromptName = z
  .string('prompt.nameRequired')
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(1, 'prompt.nameRequired')
      .refine((name) => chars(name) <= PROMPT_NAME_MAX, 'prompt.nameTooLong'),
  );

const PromptContent = z
  .string('prompt.contentRequired')
  .refine((content) => content.trim().length > 0, 'prompt.contentRequired')
  .refine((content) => chars(content) <= PROMPT_CONTENT_MAX, 'prompt.contentTooLong');

export const PromptId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, 'prompt.notFound');

const Start = z.coerce.number().int().min(0).default(0);
const Limit = z.coerce.number().int().min(1).max(PROMPT_PAGE_MAX).default(20);

export const PromptListQuery = z.object({ start: Start, limit: Limit });
export type PromptListQuery = z.input<typeof PromptListQuery>;

export const PromptInstanceRequest = z.object({
  start: Start,
  limit: Limit,
  key: z.string().max(200).default(''),
});
export type PromptInstanceRequest = z.input<typeof PromptInstanceRequest>;

export const AddPromptRequest = z.object({
  name: PromptName,
  content: PromptContent,
  /** The client's id for this add; the same id twice stores one prompt (outbox replays). */
  clientId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/)
    .optional(),
});
export type AddPromptRequest = z.input<typeof AddPromptRequest>;

export const UpdatePromptRequest = z.object({ name: PromptName, content: PromptContent });
export type UpdatePromptRequest = z.input<typeof UpdatePromptRequest>;

export const RecentSearchRequest = z.object({ key: z.string().max(200).optional() });
export type RecentSearchRequest = z.input<typeof RecentSearchRequest>;

const ShareKey = z.string().regex(SHARE_KEY_PATTERN, 'share.notFound');
export const ShareKeyQuery = z.object({ shareKey: ShareKey });
export type ShareKeyQuery = z.infer<typeof ShareKeyQuery>;
export const ShareKeyRequest = ShareKeyQuery;

const ChannelIdField = z.string().min(1, 'channel.notFound').max(64, 'channel.notFound');
export const CreateShareRequest = z.object({ channelId: ChannelIdField });
export type CreateShareRequest = z.infer<typeof CreateShareRequest>;
export const MySharesQuery = CreateShareRequest;
export const RevokeShareRequest = z.object({ shareId: z.string().min(1).max(64) });
export type RevokeShareRequest = z.infer<typeof RevokeShareRequest>;

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
