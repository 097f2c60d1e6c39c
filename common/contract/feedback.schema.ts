// Request validators of user feedback: the server parses with them, the client imports their types.
import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_MAX } from './feedback';

export const UserFeedbackRequest = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().min(1, 'feedback.contentRequired').max(FEEDBACK_MAX, 'feedback.contentTooLong')),
  /** The app path the user wrote from. */
  page: z.string().max(512).optional().nullable(),
});
export type UserFeedbackRequest = z.input<typeof UserFeedbackRequest>;
