// Wire contract of the app shell's extras: user feedback and the operator's quick links.
// Re-exported from contract.ts.

export const ShellPaths = {
  /** POST a feedback item (any caller, guest or member); GET /mine lists the caller's own. */
  feedback: '/api/v1/user/feedback',
  myFeedback: '/api/v1/user/feedback/mine',
  /** The operator's community, social and app-store links (null where not set up). */
  appLinks: '/api/v1/app/links',
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

export interface AppLinks {
  community: string | null;
  social: string | null;
  chromeExtension: string | null;
  ios: string | null;
  android: string | null;
}
