// Request validators of saved prompts: the server parses with them, the client imports their types.
import { z } from 'zod';
import { PROMPT_CONTENT_MAX, PROMPT_NAME_MAX, PROMPT_PAGE_MAX } from './prompts';

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
