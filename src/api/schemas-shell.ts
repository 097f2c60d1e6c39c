// Request validators of the shell extras (feedback); the server parses with them, the client imports types.
import { z } from 'zod';
import { CLIENT_ERROR_TEXT_MAX, FEEDBACK_CATEGORIES, FEEDBACK_MAX } from './contract-shell';

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
