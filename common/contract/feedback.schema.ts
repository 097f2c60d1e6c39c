// Request validators of user feedback: the server parses with them, the client imports their types.
import { z } from 'zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MAX,
  VOICE_FEEDBACK_CATEGORY,
  VOICE_FEEDBACK_REASONS,
  VOICE_RATINGS,
} from './feedback';

const WrittenFeedback = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z
    .string()
    .transform((text) => text.trim())
    .pipe(z.string().min(1, 'feedback.contentRequired').max(FEEDBACK_MAX, 'feedback.contentTooLong')),
  /** The app path the user wrote from. */
  page: z.string().max(512).optional().nullable(),
});

/** The voice-assistant feedback modal: a rating is enough, words are optional. */
const VoiceFeedback = z.object({
  category: z.literal(VOICE_FEEDBACK_CATEGORY),
  rating: z.enum(VOICE_RATINGS),
  reasons: z
    .array(z.enum(VOICE_FEEDBACK_REASONS))
    .max(VOICE_FEEDBACK_REASONS.length)
    .default([])
    .transform((reasons) => [...new Set(reasons)]),
  content: z
    .string()
    .default('')
    .transform((text) => text.trim())
    .pipe(z.string().max(FEEDBACK_MAX, 'feedback.contentTooLong')),
  page: z.string().max(512).optional().nullable(),
});

export const UserFeedbackRequest = z.discriminatedUnion('category', [WrittenFeedback, VoiceFeedback]);
export type UserFeedbackRequest = z.input<typeof UserFeedbackRequest>;
export type VoiceFeedbackRequest = z.input<typeof VoiceFeedback>;
