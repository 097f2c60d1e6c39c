// Wire contract of the app shell's extras: user feedback and the operator's quick links.
// Re-exported from contract.ts.

export const ShellPaths = {
  /** POST a feedback item (any caller, guest or member); GET /mine lists the caller's own. */
  feedback: '/api/v1/user/feedback',
  myFeedback: '/api/v1/user/feedback/mine',
  /** The operator's community, social and app-store links (null where not set up). */
  appLinks: '/api/v1/app/links',
  /** POST: the error boundary's crash report (kept in the server log; answers nothing). */
  clientError: '/api/v1/front/clientError',
} as const;

/** Bounds of a crash report: enough for a message and a stack, never a body to fill the log with. */
export const CLIENT_ERROR_TEXT_MAX = 4000;
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;

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
