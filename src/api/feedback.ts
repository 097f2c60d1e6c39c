// Client calls of user feedback.
import { type FeedbackCategory, FeedbackPaths, type UserFeedbackItem } from '../../common/contract';
import { request } from './http';

export const feedbackApi = {
  /** Errors come back to the form (no toast): it shows the server's message beside the text. */
  submit: (body: { category: FeedbackCategory; content: string; page: string }) =>
    request<UserFeedbackItem>('POST', FeedbackPaths.feedback, { body, suppressAlert: true }),
};
