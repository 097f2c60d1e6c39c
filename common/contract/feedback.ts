// User feedback: suggestions and problem reports, each readable only by its writer and operators.

export const FeedbackPaths = {
  /** POST a feedback item (any caller, guest or member); GET /mine lists the caller's own. */
  feedback: '/api/v1/user/feedback',
  myFeedback: '/api/v1/user/feedback/mine',
} as const;

export const FEEDBACK_CATEGORIES = ['suggestion', 'problem', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_MAX = 2000;

/**
 * Feedback on a voice exchange (a question spoken into the composer, its answer read aloud), asked for by the
 * voice-assistant feedback modal: a thumbs up or down, what went wrong, and optional words.
 */
export const VOICE_FEEDBACK_CATEGORY = 'voice';
export const VOICE_RATINGS = ['good', 'bad'] as const;
export type VoiceRating = (typeof VOICE_RATINGS)[number];
export const VOICE_FEEDBACK_REASONS = ['misheard', 'voice', 'slow', 'other'] as const;
export type VoiceFeedbackReason = (typeof VOICE_FEEDBACK_REASONS)[number];

export interface UserFeedbackItem {
  id: string;
  category: FeedbackCategory | typeof VOICE_FEEDBACK_CATEGORY;
  /** Empty for voice feedback given without words. */
  content: string;
  page: string | null;
  /** Voice feedback only (null / empty on the rest). */
  rating: VoiceRating | null;
  reasons: VoiceFeedbackReason[];
  createdAt: string;
}
