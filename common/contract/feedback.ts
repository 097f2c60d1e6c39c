// User feedback: suggestions and problem reports, each readable only by its writer and operators.

export const FeedbackPaths = {
  /** POST a feedback item (any caller, guest or member); GET /mine lists the caller's own. */
  feedback: '/api/v1/user/feedback',
  myFeedback: '/api/v1/user/feedback/mine',
} as const;

export const FEEDBACK_CATEGORIES = ['suggestion', 'problem', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_MAX = 2000;

export interface UserFeedbackItem {
  id: string;
  category: FeedbackCategory;
  content: string;
  page: string | null;
  createdAt: string;
}
